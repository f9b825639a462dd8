import { and, eq, inArray, sql } from "drizzle-orm";
import type { Actor } from "#server/auth/actor";
import { recordAudit } from "#server/audit/record-audit";
import type { Database } from "#server/db/client";
import type { SqlRunner } from "#server/db/rows";
import { images, type ImageRef } from "#server/db/schema";
import type { MailQueue } from "#server/email/enqueue-email";

/** The uploaded images `before` had that `after` no longer uses (replaced or removed). */
export function unusedImageIds(
  before: readonly (ImageRef | null | undefined)[],
  after: readonly (ImageRef | null | undefined)[],
): string[] {
  const kept = new Set(after.map((ref) => ref?.imageId));
  return [...new Set(before.flatMap((ref) => (ref?.imageId && !kept.has(ref.imageId) ? [ref.imageId] : [])))];
}

/**
 * Queues the deletion of these rows' stored files, in the transaction that deleted the
 * rows: the files go only once that commits, and a store that is briefly unreachable
 * is retried.
 */
export async function deleteStoredFilesLater(
  jobs: MailQueue,
  tx: SqlRunner,
  rows: readonly { fileKeys: string[] }[],
): Promise<void> {
  const keys = rows.flatMap((row) => row.fileKeys);
  if (keys.length > 0) await jobs.enqueue(tx, "delete-stored-files", { keys });
}

/**
 * For a save command, inside its transaction: removes this partner's images that the
 * save no longer uses, their rows at once and their files by a job, with an
 * `image.delete` audit row each. Ids of another partner's images are left alone.
 */
export async function releaseImages(
  { tx, jobs }: { tx: Database; jobs: MailQueue },
  { actor, partnerId, imageIds }: { actor: Actor; partnerId: string; imageIds: readonly string[] },
): Promise<number> {
  if (imageIds.length === 0) return 0;
  const rows = await tx
    .delete(images)
    .where(and(inArray(images.id, [...imageIds]), eq(images.partnerId, partnerId)))
    .returning({ id: images.id, fileKeys: images.fileKeys });
  await deleteStoredFilesLater(jobs, tx, rows);
  for (const row of rows) {
    await recordAudit(tx, actor, {
      action: "image.delete",
      entityId: row.id,
      partnerId,
      summary: "Removed an image",
    });
  }
  return rows.length;
}

/**
 * Image ids no event, revision or partner profile uses any more, out of `imageIds`:
 * a duplicated event shares its cover with the original, so an image goes only when
 * the last user lets go of it.
 */
export async function unusedImages(tx: Database, imageIds: readonly string[]): Promise<string[]> {
  if (imageIds.length === 0) return [];
  const result: unknown = await tx.execute(sql`
    select id::text as id from images where id in (${sql.join(
      imageIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) and (
      exists (select 1 from events e where e.image ->> 'imageId' = images.id::text)
      or exists (select 1 from event_revisions r where r.values -> 'image' ->> 'imageId' = images.id::text)
      or exists (select 1 from partners p where p.logo ->> 'imageId' = images.id::text
        or p.cover ->> 'imageId' = images.id::text
        or p.gallery @> jsonb_build_array(jsonb_build_object('imageId', images.id::text)))
    )`);
  const stillUsed = new Set((result as { rows: { id: string }[] }).rows.map((row) => row.id));
  return imageIds.filter((id) => !stillUsed.has(id));
}
