import { and, isNull, lt } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { images, rateLimits, sessions, verifications } from "#server/db/schema";
import type { MailQueue } from "#server/email/enqueue-email";
import { deleteStoredFilesLater } from "#server/images/release-images";

/**
 * A rate-limit window that started this long ago has ended, whatever its rule: the
 * longest window is an hour.
 */
const RATE_LIMIT_RETENTION_MS = 24 * 60 * 60 * 1000;

/** An upload no save has used within a day was abandoned (a form left unsaved). */
const UNATTACHED_IMAGE_RETENTION_MS = 24 * 60 * 60 * 1000;

/** The daily clean-up: rows that can no longer count or be used. Safe to run twice. */
export async function pruneExpiredRows({ db, jobs }: { db: Database; jobs: MailQueue }, now = new Date()) {
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
  // The rows and the job that deletes their files commit together.
  const deletedImages = await db.transaction(async (tx) => {
    const rows = await tx
      .delete(images)
      .where(
        and(
          isNull(images.attachedAt),
          lt(images.createdAt, new Date(now.getTime() - UNATTACHED_IMAGE_RETENTION_MS)),
        ),
      )
      .returning({ fileKeys: images.fileKeys });
    await deleteStoredFilesLater(jobs, tx, rows);
    return rows.length;
  });
  return {
    rateLimits: deletedWindows.length,
    sessions: deletedSessions.length,
    verifications: deletedTokens.length,
    images: deletedImages,
  };
}
