import { eq, sql } from "drizzle-orm";
import type { Database } from "#server/db/client";
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
  const expired = sql`${rateLimits.windowStartedAt} <= ${windowStart.toISOString()}::timestamptz`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStartedAt: now, hits: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${expired} then 1 else ${rateLimits.hits} + 1 end`,
        windowStartedAt: sql`case when ${expired} then ${now.toISOString()}::timestamptz else ${rateLimits.windowStartedAt} end`,
      },
    })
    .returning({ hits: rateLimits.hits, windowStartedAt: rateLimits.windowStartedAt });
  const hits = row?.hits ?? 1;
  const windowEndsAt = (row?.windowStartedAt ?? now).getTime() + windowMs;
  return {
    allowed: hits <= limit,
    retryAfterSeconds: Math.max(1, Math.ceil((windowEndsAt - now.getTime()) / 1000)),
  };
}

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
