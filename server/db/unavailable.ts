/**
 * Why the database could not serve a query, when the fault is the database's and not the
 * query's: the request is then answered 503 with Retry-After rather than 500
 * (docs/decisions/021-shutdown-and-overload.md), and the next one may well succeed.
 *
 * - busy: no pooled connection was free within DATABASE_POOL_TIMEOUT_MS, or the server
 *   refused another connection (too many clients);
 * - unreachable: the server refused or dropped the connection, or is shutting down or
 *   starting up;
 * - timeout: a statement ran past the server's statement_timeout (or was cancelled), or
 *   a new connection took longer than the pool's timeout to open.
 */
export type Unavailability = "busy" | "unreachable" | "timeout";

/** pg-pool's and pg's own errors, which carry no code. */
const MESSAGES = new Map<string, Unavailability>([
  ["timeout exceeded when trying to connect", "busy"],
  ["Connection terminated due to connection timeout", "timeout"],
  ["Query read timeout", "timeout"],
  ["Connection terminated unexpectedly", "unreachable"],
  ["Connection terminated", "unreachable"],
  ["Client has encountered a connection error and is not queryable", "unreachable"],
]);

/** Node's socket errors on the way to the server. */
const SOCKET_CODES = new Map<string, Unavailability>([
  ["ECONNREFUSED", "unreachable"],
  ["ECONNRESET", "unreachable"],
  ["ENOTFOUND", "unreachable"],
  ["EAI_AGAIN", "unreachable"],
  ["EHOSTUNREACH", "unreachable"],
  ["ENETUNREACH", "unreachable"],
  ["EPIPE", "unreachable"],
  ["ETIMEDOUT", "timeout"],
]);

/** PostgreSQL's SQLSTATE codes for a server that cannot take the query now. */
function fromSqlState(code: string): Unavailability | null {
  // too_many_connections: max_connections is reached.
  if (code === "53300") return "busy";
  // query_canceled: statement_timeout, or an operator's pg_cancel_backend.
  if (code === "57014") return "timeout";
  // admin_shutdown, crash_shutdown, cannot_connect_now (starting up or in recovery).
  if (code === "57P01" || code === "57P02" || code === "57P03") return "unreachable";
  // Class 08, connection exception.
  if (code.startsWith("08")) return "unreachable";
  return null;
}

/**
 * Drizzle wraps a failed query's error in its own (DrizzleQueryError) and better-auth in
 * its APIError, each as `cause`; a connection refused on every address of a host name is
 * an AggregateError. A few levels deep is plenty.
 */
const MAX_DEPTH = 8;

function classify(error: unknown, depth: number): Unavailability | null {
  if (depth >= MAX_DEPTH || typeof error !== "object" || error === null) return null;
  const { message, code, cause } = error as { message?: unknown; code?: unknown; cause?: unknown };
  const byMessage = typeof message === "string" ? MESSAGES.get(message) : undefined;
  if (byMessage) return byMessage;
  if (typeof code === "string") {
    const found = SOCKET_CODES.get(code) ?? (/^[0-9A-Z]{5}$/.test(code) ? fromSqlState(code) : null);
    if (found) return found;
  }
  if (error instanceof AggregateError) {
    for (const inner of error.errors) {
      const found = classify(inner, depth + 1);
      if (found) return found;
    }
  }
  return classify(cause, depth + 1);
}

/** Why the database could not serve the query that failed with `error`, or null when the fault lies elsewhere. */
export function databaseUnavailability(error: unknown): Unavailability | null {
  return classify(error, 0);
}

/** Whether `error` says the database is short (busy, unreachable or too slow), not that the query was wrong. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return databaseUnavailability(error) !== null;
}
