import type { ComponentProps } from "react";
import type { ImageRef } from "#server/db/schema";

type ResponsiveImageProps = {
  /** `altLang`: the alt text is in the other language than the page's, untranslated (ADR 034). */
  image: ImageRef & { altLang?: string };
  /**
   * How wide the image is drawn, for the browser to pick a variant (`sizes`): for example
   * "(min-width: 1024px) 66vw, 100vw". Only used when the image has variants.
   */
  sizes?: string;
  /** Above the fold: fetched first. Any other image waits until it is near. */
  priority?: boolean;
} & Omit<ComponentProps<"img">, "src" | "srcSet" | "sizes" | "alt" | "width" | "height">;

/** The `srcset` of an uploaded image's WebP variants; none for a plain file. */
export function srcSetOf(image: Pick<ImageRef, "variants">): string | undefined {
  const variants = image.variants ?? [];
  return variants.length > 1
    ? variants.map((variant) => `${variant.src} ${variant.width}w`).join(", ")
    : undefined;
}

/**
 * An image at its known size (width and height always set, so nothing moves while it
 * loads), offering the browser every variant an upload has.
 */
export function ResponsiveImage({
  image,
  sizes = "100vw",
  priority = false,
  ...props
}: ResponsiveImageProps) {
  const srcSet = srcSetOf(image);
  return (
    <img
      src={image.src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={image.alt}
      lang={image.altLang}
      width={image.width}
      height={image.height}
      decoding="async"
      {...(priority ? { fetchPriority: "high" as const } : { loading: "lazy" as const })}
      {...props}
    />
  );
}
