import { AppError } from "#server/errors";
import type { Unavailability } from "#server/db/unavailable";
import { log } from "#server/log";
import { m } from "~/paraglide/messages";
import { getLocale } from "~/paraglide/runtime";

/**
 * How soon a refused visitor or client may try again: a pool queue that made a request
 * wait DATABASE_POOL_TIMEOUT_MS in vain has usually cleared a few seconds later, and a
 * restarted or failed-over database is back within a few tries.
 */
const RETRY_AFTER_SECONDS = 5;

/** The refusal when the database could not serve the request. */
function siteBusy(): AppError {
  return new AppError("unavailable", m.err_site_busy(), {
    retryAfterSeconds: RETRY_AFTER_SECONDS,
  });
}

/** What the one log line says of each kind of shortage; the request's own line names its method and path. */
const LOGGED: Record<Unavailability, string> = {
  busy: "Overload: answered 503, no database connection was free in time.",
  unreachable: "Overload: answered 503, the database could not be reached.",
  timeout: "Overload: answered 503, the database did not answer in time.",
};

/**
 * A page that needs nothing from the database, nor the site's stylesheet: the site is
 * answering it precisely because the database could not serve it. In the request's
 * language (server/http/language.ts set it before anything could fail); the words are
 * the site's own, never the visitor's.
 */
function busyPage(message: string): string {
  return `<!doctype html>
<html lang="${getLocale()}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${m.site_busy_page_title()}</title>
</head>
<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem; text-align: center; color: #0f172a">
<h1>${m.site_busy_heading()}</h1>
<p>${message}</p>
<p><a href="">${m.site_busy_try_again()}</a></p>
</body>
</html>
`;
}

/**
 * The answer to a request the database could not serve, wherever it failed: 503 with
 * Retry-After, a short page for a browser's page load and the bare message otherwise
 * (React Router's client shows a `.data` answer's text on its error page), and one log
 * line classed as overload, without a stack: it is the database's state, not a bug, and
 * the health checks (./health.ts) are what tell an operator it lasts.
 */
export function unavailableResponse(request: Request, why: Unavailability): Response {
  const refusal = siteBusy();
  const { pathname } = new URL(request.url);
  log.warn({ class: "overload", database: why }, LOGGED[why]);
  const page = (request.headers.get("accept") ?? "").includes("text/html") && !pathname.endsWith(".data");
  return new Response(page ? busyPage(refusal.message) : refusal.message, {
    status: refusal.status,
    headers: {
      "Content-Type": page ? "text/html; charset=utf-8" : "text/plain; charset=utf-8",
      "Retry-After": String(refusal.retryAfterSeconds),
      "Cache-Control": "no-store",
    },
  });
}

/** The same refusal's headers, for answers that are not pages (the health checks' JSON). */
export const UNAVAILABLE_HEADERS = {
  "Retry-After": String(RETRY_AFTER_SECONDS),
  "Cache-Control": "no-store",
} as const;
