import type { ImageRef, images } from "#server/db/schema";

type ImageRow = Pick<typeof images.$inferSelect, "id" | "variants" | "previewSrc">;

/**
 * An uploaded image as pages use it, built from its row only: `src` is the widest
 * variant (1280 px, or the original's width when it is narrower), `alt` is the form's.
 */
export function imageRefOf(row: ImageRow, alt: string): ImageRef {
  const widest = row.variants.reduce((best, variant) => (variant.width > best.width ? variant : best));
  return {
    src: widest.src,
    alt,
    width: widest.width,
    height: widest.height,
    imageId: row.id,
    variants: row.variants,
    previewSrc: row.previewSrc,
  };
}
