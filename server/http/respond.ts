import type { Submission } from "@conform-to/react";
import { data } from "react-router";
import { isAppError, notFound, type AppError } from "#server/errors";
import { log } from "#server/log";
import { loggedPath } from "./request-log";

/**
 * The one place where the site's error type becomes HTTP. Loaders and resource routes
 * throw `errorResponse`; actions turn a refusal into their form's answer with
 * `replyWithRefusal`, and everything that is not an AppError is a real failure that
 * goes on to the 500 page.
 */

function retryAfterHeaders(error: AppError): HeadersInit | undefined {
  return error.retryAfterSeconds === undefined
    ? undefined
    : { "Retry-After": String(error.retryAfterSeconds) };
}

/** An AppError as the response a route's error boundary shows (its 404 page for not_found). */
export function errorResponse(error: AppError) {
  return data(error.message, { status: error.status, headers: retryAfterHeaders(error) });
}

/**
 * For endpoints that answer JSON (uploads): a refusal as `{ error, fields }` with its
 * status; anything else is rethrown as the real failure it is.
 */
export function apiRefusal(error: unknown) {
  if (!isAppError(error)) throw error;
  return data(
    { error: error.message, fields: error.fields },
    { status: error.status, headers: retryAfterHeaders(error) },
  );
}

/** The "not found" of loaders and resource routes, rendered by the route's error boundary. */
export function notFoundResponse(message?: string) {
  return errorResponse(notFound(message));
}

/**
 * What a loader reads, or its route's 404 page: a `not_found` refusal (another partner's
 * row, or none) becomes the "not found" response with the refusal's message, and with
 * `missing`, so does a read that found nothing (`null`). Anything else is rethrown.
 */
export async function orNotFound<T>(read: Promise<T>): Promise<T>;
export async function orNotFound<T>(read: Promise<T>, missing: string): Promise<NonNullable<T>>;
export async function orNotFound<T>(read: Promise<T>, missing?: string): Promise<T> {
  let found: T;
  try {
    found = await read;
  } catch (error) {
    if (isAppError(error) && error.code === "not_found") throw notFoundResponse(error.message);
    throw error;
  }
  if (missing !== undefined && (found === null || found === undefined)) throw notFoundResponse(missing);
  return found;
}

/**
 * For actions: a refusal the form shows (invalid input, a full event, too many tries)
 * is returned; a row outside the actor's reach throws the page's 404 or 403, and any
 * other error is rethrown as the real failure it is.
 */
function asFormRefusal(error: unknown): AppError {
  if (!isAppError(error)) throw error;
  if (error.code === "not_found" || error.code === "forbidden") throw errorResponse(error);
  return error;
}

/**
 * A command's refusal as the form's answer (Conform's reply): each field's message under
 * its field, a message about the whole form (`fields.form`, or the refusal itself when
 * no field is at fault) above it, the typed values back except `hideFields` (passwords),
 * the status of the refusal and, when too many tries were made, Retry-After. `reason`
 * lets a page word its own banner (an event that filled up meanwhile).
 */
export function replyWithRefusal(
  submission: Submission<unknown>,
  error: unknown,
  { hideFields }: { hideFields?: string[] } = {},
) {
  const refusal = asFormRefusal(error);
  const { form, ...fields } = refusal.fields;
  const fieldErrors = Object.fromEntries(Object.entries(fields).map(([name, message]) => [name, [message]]));
  const formMessage = form ?? (Object.keys(fieldErrors).length === 0 ? refusal.message : undefined);
  const reply = submission.reply({ fieldErrors, formErrors: formMessage ? [formMessage] : [], hideFields });
  return data(
    { ...reply, reason: refusal.reason ?? null },
    { status: refusal.status, headers: retryAfterHeaders(refusal) },
  );
}

/**
 * A page that does not exist, answered after the area's own access rule has run, so an
 * unknown path inside /dashboard/admin tells a partner nothing an existing one would not.
 */
export function pageNotFound(request: Request) {
  log.warn(`404: no page at ${loggedPath(new URL(request.url).pathname)}`);
  return data(null, { status: 404 });
}

/**
 * An attachment named `filename`: "Faktura KR-0042.pdf" has a space and may have æ, ø or
 * å, so the name is given percent-encoded as UTF-8 (RFC 6266, RFC 8187), with a plain
 * ASCII name beside it for clients that read only that.
 */
export function contentDisposition(filename: string): string {
  const ascii = filename
    .normalize("NFKD")
    .replace(/[^\x20-\x7e]/g, "")
    .replace(/["\\]/g, "");
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
