import { Building2 } from "~/components/icons/building-complex";
import type { ImageRef } from "#server/db/schema";
import { srcSetOf } from "~/components/ui/responsive-image";
import { cn } from "~/lib/utils";

/**
 * The partner's logo at a fixed square size, or a neutral mark when there is none, so
 * cards and headers keep their layout either way.
 */
export function PartnerLogo({
  logo,
  size,
  loading = "lazy",
  decorative = false,
  className,
}: {
  /** `altLang`: its alt text is in the other language than the page's, untranslated (ADR 034). */
  logo: (ImageRef & { altLang?: string }) | null;
  /** Rendered width and height in CSS pixels. */
  size: number;
  /** "eager" for a logo above the fold. */
  loading?: "lazy" | "eager";
  /** For a logo beside the partner's name, which already says what it shows. */
  decorative?: boolean;
  className?: string;
}) {
  const frame = cn("shrink-0 rounded-full bg-white object-contain", className);
  if (!logo) {
    return (
      <span
        className={cn(frame, "inline-flex items-center justify-center text-navy-700")}
        style={{ width: size, height: size }}
      >
        <Building2 className="size-1/2" aria-hidden="true" />
      </span>
    );
  }
  const srcSet = srcSetOf(logo);
  return (
    <img
      src={logo.src}
      // The logo is drawn at `size` CSS pixels; the browser picks the variant for the screen's density.
      srcSet={srcSet}
      sizes={srcSet ? `${size}px` : undefined}
      alt={decorative ? "" : logo.alt}
      lang={decorative ? undefined : logo.altLang}
      width={size}
      height={size}
      loading={loading}
      decoding="async"
      className={frame}
      style={{ width: size, height: size }}
    />
  );
}
