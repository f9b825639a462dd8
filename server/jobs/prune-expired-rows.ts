import { lt } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { rateLimits, sessions, verifications } from "#server/db/schema";

/**
 * A rate-limit window that started this long ago has ended, whatever its rule: the
 * longest window is an hour.
 */
const RATE_LIMIT_RETENTION_MS = 24 * 60 * 60 * 1000;

/** The daily clean-up: rows that can no longer count or be used. Safe to run twice. */
export async function pruneExpiredRows(db: Database, now = new Date()) {
  const deletedWindows = await db
    .delete(rateLimits)
    .where(lt(rateLimits.windowStartedAt, new Date(now.getTime() - RATE_LIMIT_RETENTION_MS)))
    .returning({ key: rateLimits.key });
  const deletedSessions = await db
    .delete(sessions)
    .where(lt(sessions.expiresAt, now))
    .returning({ id: sessions.id });
  const deletedTokens = await db
    .delete(verifications)
    .where(lt(verifications.expiresAt, now))
    .returning({ id: verifications.id });
  return {
    rateLimits: deletedWindows.length,
    sessions: deletedSessions.length,
    verifications: deletedTokens.length,
  };
}
