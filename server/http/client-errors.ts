import type { Context } from "hono";
import * as z from "zod/mini";
import type { Database } from "#server/db/client";
import { trackError } from "#server/error-reporting";
import { log } from "#server/log";
import { consumeNamedLimit } from "#server/security/rate-limits";
import { CLIENT_ERROR_KINDS, CLIENT_ERROR_LIMITS, type ClientErrorKind } from "~/lib/client-errors";
import { loggable, withoutUrlQueries } from "./loggable";

/**
 * One report with every field at its longest: a UTF-16 unit takes at most 3 bytes of UTF-8,
 * and 1 KiB covers the keys, numbers and quotes. A larger body cannot be a valid report.
 */
export const CLIENT_ERROR_BODY_BYTES =
  3 * (CLIENT_ERROR_LIMITS.message + 2 * CLIENT_ERROR_LIMITS.url + CLIENT_ERROR_LIMITS.stack) + 1024;

/** What one report may put in its log line, field by field: the line stays under 2,000 characters. */
const LOGGED_LENGTH = { message: 300, url: 200, stack: 1000 };

const text = (maxLength: number) => z.string().check(z.maxLength(maxLength));
const position = z.int().check(z.nonnegative());

/** What app/lib/client-errors.ts sends; a longer field is refused, not cut. */
const clientErrorReport = z.object({
  kind: z.enum(CLIENT_ERROR_KINDS),
  message: text(CLIENT_ERROR_LIMITS.message),
  page: z.optional(text(CLIENT_ERROR_LIMITS.url)),
  source: z.optional(text(CLIENT_ERROR_LIMITS.url)),
  line: z.optional(position),
  column: z.optional(position),
  stack: z.optional(text(CLIENT_ERROR_LIMITS.stack)),
});
type ClientErrorReport = z.infer<typeof clientErrorReport>;

/**
 * How each kind is logged. A failed render or hydration is the site's own code; an
 * uncaught error may come from a browser extension or an old browser, so it warns.
 */
const KINDS: Record<ClientErrorKind, { level: "error" | "warn"; words: string }> = {
  error: { level: "warn", words: "Uncaught error" },
  unhandledrejection: { level: "warn", words: "Unhandled rejection" },
  render: { level: "error", words: "Render failed" },
  hydration: { level: "error", words: "Hydration failed" },
};

/** One line, every field cut to its length, addresses without their queries; and the tracker's copy. */
function record(report: ClientErrorReport): void {
  const { level, words } = KINDS[report.kind];
  const message = withoutUrlQueries(report.message);
  const stack = report.stack === undefined ? undefined : withoutUrlQueries(report.stack);
  const page = loggable(report.page, LOGGED_LENGTH.url);
  const source = loggable(report.source, LOGGED_LENGTH.url);
  const position = [report.line, report.column].filter((part) => part !== undefined).join(":");
  const at = source === "-" ? "" : ` at ${source}${position ? `:${position}` : ""}`;
  log[level](
    { kind: report.kind, ...(stack ? { stack: loggable(stack, LOGGED_LENGTH.stack) } : {}) },
    `In a browser: ${words}: ${loggable(message, LOGGED_LENGTH.message)} on ${page}${at}`,
  );
  const error = new Error(message);
  error.name = "BrowserError";
  if (stack) error.stack = stack;
  trackError(error, { origin: "browser", kind: report.kind, page });
}

/**
 * Receives the errors visitors' browsers report (app/lib/client-errors.ts): logs one
 * short line for each, and sends it to the error tracker when there is one. Unlike a CSP
 * report it must come from a page of the site (the host's origin check), is limited per
 * client address, and is refused when larger than its fields allow.
 */
export async function receiveClientError(c: Context, db: Database, clientIp: string): Promise<Response> {
  const mediaType = c.req.header("content-type")?.split(";")[0]?.trim().toLowerCase() ?? "";
  if (mediaType !== "application/json") return c.text("Send a report as application/json.", 415);
  const limit = await consumeNamedLimit(db, "clientErrorsPerAddress", clientIp);
  if (!limit.allowed) {
    return c.text("Too many reports.", 429, { "Retry-After": String(limit.retryAfterSeconds) });
  }
  let payload: unknown;
  try {
    payload = JSON.parse(await c.req.text());
  } catch {
    return c.text("The report is not valid JSON.", 400);
  }
  const report = clientErrorReport.safeParse(payload);
  if (!report.success) return c.text("The body is not an error report, or a field is too long.", 400);
  record(report.data);
  return c.body(null, 204);
}
