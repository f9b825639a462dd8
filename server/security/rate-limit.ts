import { sql } from "drizzle-orm";
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
