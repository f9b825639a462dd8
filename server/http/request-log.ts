import { randomUUID } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { logRequestLine, withRequestLogContext } from "#server/log";

export const REQUEST_ID_HEADER = "X-Request-Id";
/** The status nginx logs for a request whose client closed the connection before the answer. */
const CLIENT_CLOSED_REQUEST = 499;

/**
 * An id a proxy in front may have given the request, so its log and ours can be joined:
 * letters, digits and `._:=-`, as UUIDs, hex and most tracing ids are. Anything else
 * could forge or break a log line, and is replaced.
 */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:=-]{1,128}$/;

/**
 * The request's id: the one the proxy sent, when proxies are trusted (TRUST_PROXY) and
 * it looks safe, else a new UUID. Without a trusted proxy the header comes straight from
 * the client, like X-Forwarded-For, and is ignored.
 */
export function requestIdOf(header: string | undefined, trustProxy: number): string {
  if (trustProxy > 0 && header !== undefined && SAFE_REQUEST_ID.test(header)) return header;
  return randomUUID();
}

/**
 * Paths with a secret in them: the link of an invitation and better-auth's reset link
 * (/api/auth/reset-password/TOKEN). The other emailed links carry their token in the
 * query string, which is never logged.
 */
const SECRET_SEGMENTS = [
  // Any case and a trailing slash still reach the invitation page, so they must not escape.
  /^(\/invitations\/)[^/]+?(\.data)?(\/?)$/i,
  /^(\/api\/auth\/reset-password\/)[^/]+(\/?)$/i,
];

/** A URL's path as it may be logged: no query string, and no token in a path segment. */
export function loggedPath(pathname: string): string {
  for (const pattern of SECRET_SEGMENTS) {
    const match = pattern.exec(pathname);
    if (match) return `${match[1]}[redacted]${match.slice(2).join("")}`;
  }
  return pathname;
}

export type RequestObserver = (request: {
  context: Context;
  method: string;
  status: number;
  seconds: number;
}) => void | Promise<void>;

/**
 * One log line per request, with its method, path, status, duration and id; the id is
 * on every other line logged while the request is served, and is sent back in the
 * X-Request-Id header. `observe` sees every request too (the metrics count them), but
 * for those `unlogged` names: the site's own, which no visitor made.
 *
 * A request whose visitor left before the answer is logged as 499 and `aborted`: what
 * the router made of it (a 500 with no error, as its loaders were stopped) is not what
 * happened, and an operator must not look for a failure that is not there.
 */
export function requestLog({
  trustProxy,
  observe,
  unlogged,
}: {
  trustProxy: number;
  observe?: RequestObserver;
  unlogged?: (request: Request) => boolean;
}): MiddlewareHandler {
  return async (c, next) => {
    if (unlogged?.(c.req.raw)) return next();
    const requestId = requestIdOf(c.req.header(REQUEST_ID_HEADER), trustProxy);
    const started = performance.now();
    await withRequestLogContext({ requestId }, async () => {
      await next();
      // The time to the response's headers: a streamed page's body may take longer.
      const seconds = (performance.now() - started) / 1000;
      setResponseHeader(c, REQUEST_ID_HEADER, requestId);
      const { method } = c.req;
      const aborted = c.req.raw.signal.aborted;
      const status = aborted ? CLIENT_CLOSED_REQUEST : c.res.status;
      logRequestLine({ requestId, method, path: loggedPath(c.req.path), status, seconds, aborted });
      await observe?.({ context: c, method, status, seconds });
    });
  };
}

/** Sets a header on the response, copying it first when its headers cannot be changed. */
function setResponseHeader(c: Context, name: string, value: string) {
  try {
    c.res.headers.set(name, value);
  } catch {
    c.res = new Response(c.res.body, c.res);
    c.res.headers.set(name, value);
  }
}
