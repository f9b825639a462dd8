import { eq, sql } from "drizzle-orm";
import type { Actor } from "#server/auth/actor";
import { changedFields, recordAudit } from "#server/audit/record-audit";
import type { Database } from "#server/db/client";
import { returnedRow } from "#server/db/rows";
import { partners } from "#server/db/schema";
import type { MailQueue } from "#server/email/enqueue-email";
import { releaseImages, unusedImageIds, unusedImages } from "#server/images/release-images";
import {
  loadManagedPartner,
  readPartnerProfileInput,
  trustedImages,
  type PartnerRow,
} from "./partner-profile";

/**
 * Saves a partner's public profile from the profile editor: a member edits their own
 * partners, an admin any partner. The full description is sanitized before it is
 * stored; the change and its audit row (every changed field, before and after) are
 * written together. The slug stays, so links to the public page keep working.
 */
export async function updatePartnerProfile(
  { db, jobs }: { db: Database; jobs: MailQueue },
  { actor, partnerId, input }: { actor: Actor; partnerId: unknown; input: unknown },
): Promise<PartnerRow> {
  return db.transaction(async (tx) => {
    // The scope first: another partner's id is "not found" whatever the form holds.
    const before = await loadManagedPartner(tx, actor, partnerId, { forUpdate: true });
    const { logo, cover, gallery, ...text } = readPartnerProfileInput(input, before);
    const images = await trustedImages(tx, before, { logo, cover, gallery }, { attach: true });
    const values = { ...text, ...images };
    const after = await tx
      .update(partners)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(partners.id, before.id))
      .returning()
      .then(returnedRow);
    // Replaced and removed uploads go, their files once this commits.
    await releaseImages(
      { tx, jobs },
      {
        actor,
        partnerId: before.id,
        // An event's cover may be the same upload; it stays while anything shows it.
        imageIds: await unusedImages(
          tx,
          unusedImageIds(
            [before.logo, before.cover, ...before.gallery],
            [after.logo, after.cover, ...after.gallery],
          ),
        ),
      },
    );
    // Compared as the database returns both rows, so jsonb's own key order is no change.
    const saved = Object.fromEntries(
      Object.keys(values).map((field) => [field, after[field as keyof PartnerRow]]),
    );
    const changes = changedFields(before, saved);
    await recordAudit(tx, actor, {
      action: "partner.update",
      entityId: before.id,
      summary: `Updated the profile of ${after.name}`,
      changes,
    });
    return after;
  });
}
