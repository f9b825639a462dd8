import * as core from "zod/v4/core";
import { fieldErrors, type FieldErrors } from "~/lib/forms/parse";
import { m } from "~/paraglide/messages";

/**
 * Why a command refused. Every domain speaks this one error; `server/http/respond.ts`
 * is the only place that turns a code into an HTTP status.
 *
 * - not_found: the row does not exist or lies outside the actor's scope (another
 *   partner's id looks exactly like an unknown one).
 * - forbidden: the row is in scope but the actor may not do this to it.
 * - invalid: the input breaks a rule; `fields` holds each field's first message.
 * - conflict: the input is fine but the state of the world refuses it (an event is full,
 *   a form was already used).
 * - invalid_transition: the row's status does not allow this step (a cancelled booking
 *   cannot be edited, a past event takes no registrations).
 * - rate_limited: too many attempts; `retryAfterSeconds` says when to try again.
 * - too_large: an upload is bigger than the site accepts (an image over 10 MB).
 * - unavailable: the site cannot serve this now (the database is busy, unreachable or
 *   too slow: server/db/unavailable.ts); `retryAfterSeconds` says when to try again.
 */
export type AppErrorCode =
  | "not_found"
  | "forbidden"
  | "invalid"
  | "conflict"
  | "invalid_transition"
  | "rate_limited"
  | "too_large"
  | "unavailable";

const STATUS_OF: Record<AppErrorCode, number> = {
  not_found: 404,
  forbidden: 403,
  invalid: 400,
  conflict: 409,
  invalid_transition: 409,
  rate_limited: 429,
  too_large: 413,
  unavailable: 503,
};

type AppErrorDetails = {
  fields?: FieldErrors;
  /** A finer reason a page may word its own banner for (for example "full" or "deadline"). */
  reason?: string;
  retryAfterSeconds?: number;
};

export class AppError extends Error {
  override readonly name = "AppError";
  readonly code: AppErrorCode;
  readonly fields: FieldErrors;
  readonly reason: string | undefined;
  readonly retryAfterSeconds: number | undefined;

  /**
   * `message` is shown to people as it is, so it is written for them, in the language of
   * the request that caused it (a catalogue message called where the error is made).
   */
  constructor(
    code: AppErrorCode,
    message: string,
    { fields = {}, reason, retryAfterSeconds }: AppErrorDetails = {},
  ) {
    super(message);
    this.code = code;
    this.fields = fields;
    this.reason = reason;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  get status(): number {
    return STATUS_OF[this.code];
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

export const notFound = (message: string = m.err_not_found()) => new AppError("not_found", message);

export const forbidden = (message: string = m.err_forbidden()) => new AppError("forbidden", message);

/** What closed the door, for pages that word their banner themselves (`AppError.reason`). */
export type ClosedReason = "cancelled" | "ended" | "started" | "deadline" | "registration_cancelled";

/** A registration's status or its event's dates no longer allow this step. */
export const closed = (message: string, reason: ClosedReason) =>
  new AppError("invalid_transition", message, { reason });

/** A schema's issues as `invalid`, with each field's first message. */
export function invalidInput(issues: readonly core.$ZodIssue[]): AppError {
  const fields = fieldErrors(issues);
  const first = Object.values(fields)[0] ?? m.err_check_form();
  return new AppError("invalid", first, { fields });
}

/** One field's message as `invalid`, for rules a schema cannot know (a wrong current password). */
export function invalidField(field: string, message: string): AppError {
  return new AppError("invalid", message, { fields: { [field]: message } });
}

/**
 * The command's own check of its input with the form's schema: commands are the
 * authority, whatever the page or the browser checked before.
 */
export function parseInput<Schema extends core.$ZodType>(
  schema: Schema,
  input: unknown,
): core.output<Schema> {
  const result = core.safeParse(schema, input);
  if (!result.success) throw invalidInput(result.error.issues);
  return result.data;
}
