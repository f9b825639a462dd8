import { and, eq, inArray, isNull, lt } from "drizzle-orm";
import type { Database } from "#server/db/client";
import {
  images,
  pageChanges,
  participantMessageRecipients,
  participantMessages,
  rateLimits,
  sessions,
  verifications,
} from "#server/db/schema";
import type { MailQueue } from "#server/email/enqueue-email";
import { deleteStoredFilesLater } from "#server/images/release-images";

/**
 * A rate-limit window that started this long ago has ended, whatever its rule: the
 * longest window is an hour.
 */
const RATE_LIMIT_RETENTION_MS = 24 * 60 * 60 * 1000;

/** An upload no save has used within a day was abandoned (a form left unsaved). */
const UNATTACHED_IMAGE_RETENTION_MS = 24 * 60 * 60 * 1000;

/**
 * A message's deliveries are retried for about an hour. An address still "queued" a day
 * later lost its job (a worker died on the last try, or every try timed out), so the
 * history would count it as on its way forever.
 */
const UNDELIVERED_MESSAGE_RETENTION_MS = 24 * 60 * 60 * 1000;

/**
 * Each instance reads the changes to public pages a few times a second, from the oldest
 * transaction running at its last look; one cut off from the database drops its pages and
 * starts afresh. An hour is far longer than any of that needs.
 */
const PAGE_CHANGE_RETENTION_MS = 60 * 60 * 1000;

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
  const deletedPageChanges = await db
    .delete(pageChanges)
    .where(lt(pageChanges.changedAt, new Date(now.getTime() - PAGE_CHANGE_RETENTION_MS)))
    .returning({ id: pageChanges.id });
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
  const lostDeliveries = await db
    .update(participantMessageRecipients)
    .set({ status: "failed", lastError: "Not delivered within a day: the sending job was lost." })
    .where(
      and(
        eq(participantMessageRecipients.status, "queued"),
        inArray(
          participantMessageRecipients.messageId,
          db
            .select({ id: participantMessages.id })
            .from(participantMessages)
            .where(
              lt(participantMessages.createdAt, new Date(now.getTime() - UNDELIVERED_MESSAGE_RETENTION_MS)),
            ),
        ),
      ),
    )
    .returning({ id: participantMessageRecipients.id });
  return {
    rateLimits: deletedWindows.length,
    sessions: deletedSessions.length,
    verifications: deletedTokens.length,
    pageChanges: deletedPageChanges.length,
    images: deletedImages,
    lostDeliveries: lostDeliveries.length,
  };
}
