/**
 * pg-pool's errors when a query got no connection within DATABASE_POOL_TIMEOUT_MS: every
 * pooled connection stayed busy, or the server did not accept a new one in time. Either
 * way the database is the bottleneck, so the request is answered 503 with Retry-After
 * rather than 500 (docs/decisions/021-shutdown-and-overload.md).
 */
const POOL_TIMEOUT_MESSAGES = new Set([
  "timeout exceeded when trying to connect",
  "Connection terminated due to connection timeout",
]);

/** Drizzle wraps a failed query's error in its own (DrizzleQueryError), so causes are followed, a few deep. */
const MAX_CAUSES = 8;

/** Whether `error`, or an error it was caused by, says no database connection could be had in time. */
export function isPoolExhausted(error: unknown): boolean {
  let current = error;
  for (let depth = 0; depth < MAX_CAUSES && current instanceof Error; depth++) {
    if (POOL_TIMEOUT_MESSAGES.has(current.message)) return true;
    current = current.cause;
  }
  return false;
}
