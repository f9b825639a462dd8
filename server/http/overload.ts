import { AppError } from "#server/errors";
import { log } from "#server/log";
import { m } from "~/paraglide/messages";

/**
 * How soon a refused visitor or client may try again: a pool queue that made a request
 * wait DATABASE_POOL_TIMEOUT_MS in vain has usually cleared a few seconds later.
 */
const RETRY_AFTER_SECONDS = 5;

/** The refusal when the database had no connection free in time. */
function siteBusy(): AppError {
  return new AppError("unavailable", m.err_site_busy(), {
    retryAfterSeconds: RETRY_AFTER_SECONDS,
  });
}

/**
 * A page that needs nothing from the database, nor the site's stylesheet: the site is
 * answering it precisely because the database could not be reached in time. `message`
 * is the site's own text, never the visitor's.
 */
function busyPage(message: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Busy – Rethink Corporate Life</title>
</head>
<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem; text-align: center; color: #0f172a">
<h1>The site is busy</h1>
<p>${message}</p>
<p><a href="">Try again</a></p>
</body>
</html>
`;
}

/**
 * The answer to a request that could not get a database connection in time, wherever it
 * failed: 503 with Retry-After, a short page for a browser's page load and the bare
 * message otherwise (React Router's client shows a `.data` answer's text on its error
 * page), and one log line classed as overload, without a stack: it is load, not a bug.
 */
export function overloadResponse(request: Request): Response {
  const refusal = siteBusy();
  const { pathname } = new URL(request.url);
  // The request's own log line, with the same request id, names its method and path.
  log.warn({ class: "overload" }, "Overload: answered 503, no database connection was free in time.");
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
