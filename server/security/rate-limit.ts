import { eq, sql } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { preparedStatement } from "#server/db/prepared-statement";
import { rateLimits } from "#server/db/schema";

export type RateLimitRule = { limit: number; windowMs: number };

/**
 * Counts one attempt for `key` in a fixed window and says whether it is allowed. One
 * upsert does the read and the write, so concurrent attempts, also from other app
 * instances, are all counted.
 */
export async function consumeRateLimit(
  db: Database,
  key: string,
  { limit, windowMs }: RateLimitRule,
  now = new Date(),
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const windowStart = new Date(now.getTime() - windowMs);
  const [row] = await countHit(db).execute({ key, now, windowStart: windowStart.toISOString() });
  const hits = row?.hits ?? 1;
  const windowEndsAt = (row?.windowStartedAt ?? now).getTime() + windowMs;
  return {
    allowed: hits <= limit,
    retryAfterSeconds: Math.max(1, Math.ceil((windowEndsAt - now.getTime()) / 1000)),
  };
}

/**
 * Adds one hit to `key`'s counter, or starts a new window at `now` (the inserted row's
 * start, `excluded`) when the counter's window began at or before `windowStart`. Built
 * once per database: every rate-limited request runs it.
 */
const countHit = preparedStatement((db) => {
  const expired = sql`${rateLimits.windowStartedAt} <= ${sql.placeholder("windowStart")}::timestamptz`;
  return db
    .insert(rateLimits)
    .values({ key: sql.placeholder("key"), windowStartedAt: sql.placeholder("now"), hits: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${expired} then 1 else ${rateLimits.hits} + 1 end`,
        windowStartedAt: sql`case when ${expired} then excluded.window_started_at else ${rateLimits.windowStartedAt} end`,
      },
    })
    .returning({ hits: rateLimits.hits, windowStartedAt: rateLimits.windowStartedAt })
    .prepare("consume_rate_limit");
});

/**
 * Gives back one attempt counted by `consumeRateLimit`, for limits that count only
 * failures: the attempt is counted before the outcome is known, so parallel attempts
 * cannot all pass under the limit, and returned when it did not fail.
 */
export async function releaseRateLimit(db: Database, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
    .where(eq(rateLimits.key, key));
}
