import { eq } from "drizzle-orm";
import type { Actor } from "#server/auth/actor";
import { canManagePartner } from "#server/auth/policies";
import { recordAudit } from "#server/audit/record-audit";
import type { Database } from "#server/db/client";
import { returnedRow } from "#server/db/rows";
import { images, partners, type ImageRef } from "#server/db/schema";
import { notFound } from "#server/errors";
import { log } from "#server/log";
import type { FileStore } from "#server/storage/file-store";
import { processImage } from "#server/storage/process-image";
import { isUuid } from "~/lib/ids";
import { uploadUrl } from "~/lib/images";
import { imageRefOf } from "./image-ref";
import { m } from "~/paraglide/messages";

/**
 * Stores a partner's upload: judged and resized (server/storage/process-image.ts), every
 * file put in the store, then the `images` row and its audit row. The image stays
 * unattached until a save uses it (attach-images.ts); the daily prune removes it
 * otherwise. The answer is the ImageRef the form sends back, with an empty alt the form
 * fills in.
 */
export async function uploadImage(
  { db, files }: { db: Database; files: FileStore },
  { actor, partnerId, file }: { actor: Actor; partnerId: string; file: Buffer },
): Promise<ImageRef> {
  const partner = isUuid(partnerId)
    ? (await db.select({ id: partners.id }).from(partners).where(eq(partners.id, partnerId)))[0]
    : undefined;
  if (!partner || !canManagePartner(actor, partner)) throw notFound(m.err_partner_not_found());

  const processed = await processImage(file);
  const stored = [...processed.variants, processed.preview];
  const put: string[] = [];
  try {
    for (const output of stored) {
      await files.put(output.key, output.body, output.contentType);
      put.push(output.key);
    }
    return await db.transaction(async (tx) => {
      const row = await tx
        .insert(images)
        .values({
          partnerId: partner.id,
          uploadedBy: actor.userId,
          storageKey: processed.storageKey,
          fileKeys: stored.map((output) => output.key),
          width: processed.width,
          height: processed.height,
          variants: processed.variants.map(({ key, width, height }) => ({
            src: uploadUrl(key),
            width,
            height,
          })),
          previewSrc: uploadUrl(processed.preview.key),
          byteSize: processed.byteSize,
        })
        .returning()
        .then(returnedRow);
      await recordAudit(tx, actor, {
        action: "image.upload",
        entityId: row.id,
        partnerId: partner.id,
        summary: `Uploaded an image of ${processed.width}×${processed.height} px`,
      });
      return imageRefOf(row, "");
    });
  } catch (error) {
    // Nothing is kept of an upload that did not complete.
    await files.delete(put).catch((cleanup: unknown) => {
      log.error({ err: cleanup }, `Could not remove the files of a failed upload: ${String(cleanup)}`);
    });
    throw error;
  }
}
