import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { images, type ImageRef } from "#server/db/schema";
import { notFound } from "#server/errors";
import { isUuid } from "~/lib/ids";
import { imageRefOf } from "./image-ref";
import { m } from "~/paraglide/messages";

/**
 * An image as a form sends it back: an upload's id, or an image the partner already
 * shows, and its alt texts (the translation only from a two-language editor).
 */
export type SubmittedImage = {
  imageId?: string | undefined;
  src?: string | undefined;
  alt: string;
  altTranslation?: string | undefined;
};

/** The alt texts a form gives an image; an empty translation is not kept. */
const altsOf = ({ alt, altTranslation }: SubmittedImage): Pick<ImageRef, "alt" | "altTranslation"> =>
  altTranslation ? { alt, altTranslation } : { alt };

/**
 * For a save command, inside its transaction: the images a form submitted, as refs the
 * server can trust. An uploaded image must be one of this partner's (else not_found, and
 * the caller's transaction changes nothing); its src, variants and size come from its
 * row, only the alt texts from the form, and it is marked attached so the daily prune
 * keeps it. An image without an id (sample pictures) is kept only if `current` already
 * holds it, so a form cannot point a page at an address of its choosing.
 */
export async function attachImages(
  tx: Database,
  {
    partnerId,
    submitted,
    current = [],
    attach = true,
    now = new Date(),
  }: {
    partnerId: string;
    submitted: readonly SubmittedImage[];
    current?: readonly ImageRef[];
    /** False for a preview: the refs are checked and built, nothing is marked. */
    attach?: boolean;
    now?: Date;
  },
): Promise<ImageRef[]> {
  const ids = [...new Set(submitted.flatMap((image) => (image.imageId ? [image.imageId] : [])))];
  if (ids.some((id) => !isUuid(id))) throw imageNotFound();
  const rows =
    ids.length === 0
      ? []
      : await tx
          .select()
          .from(images)
          .where(and(inArray(images.id, ids), eq(images.partnerId, partnerId)));
  if (rows.length !== ids.length) throw imageNotFound();
  if (attach && ids.length > 0) {
    await tx
      .update(images)
      .set({ attachedAt: now })
      .where(and(inArray(images.id, ids), isNull(images.attachedAt)));
  }
  const rowOf = new Map(rows.map((row) => [row.id, row]));
  return submitted.map((image) => {
    const row = image.imageId ? rowOf.get(image.imageId) : undefined;
    if (row) return { ...imageRefOf(row, image.alt), ...altsOf(image) };
    const kept = current.find((ref) => !ref.imageId && ref.src === image.src);
    if (!kept) throw imageNotFound();
    const { altTranslation: _replaced, ...rest } = kept;
    return { ...rest, ...altsOf(image) };
  });
}

const imageNotFound = () => notFound(m.err_image_not_found());
