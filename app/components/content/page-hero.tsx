import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";

const SIZES = {
  sm: {
    column: "py-16",
    title: "text-4xl font-bold",
    lead: "mt-4 text-lg",
  },
  md: {
    column: "py-16 sm:py-24",
    title: "text-4xl font-bold tracking-tight sm:text-5xl",
    lead: "mt-6 text-lg sm:text-xl",
  },
  lg: {
    column: "py-24 sm:py-32 lg:py-40",
    title: "max-w-2xl text-4xl font-bold tracking-tight sm:text-5xl lg:text-6xl",
    lead: "mt-6 text-lg sm:text-xl",
  },
} as const;

/**
 * The dark band that opens a public page with its h1: an optional background picture,
 * a small label above the title, a lead, up to two call-to-action links and any further
 * content.
 */
export function PageHero({
  as: Tag = "section",
  titleId,
  eyebrow,
  title,
  lead,
  leadClassName,
  image,
  size = "md",
  width = "7xl",
  primaryAction,
  secondaryAction,
  children,
}: {
  as?: "section" | "header";
  /** Names the band for assistive technology; a section without it is not a landmark. */
  titleId?: string;
  eyebrow?: string;
  title: string;
  lead: ReactNode;
  /** The lead's width, in place of `max-w-2xl` (classes are joined, not merged). */
  leadClassName?: string;
  /** Decorative: it sits behind the text, so it has no alternative text. */
  image?: { src: string; width: number; height: number };
  size?: keyof typeof SIZES;
  width?: "5xl" | "7xl";
  /** A link (or anchor) shown as the main button. */
  primaryAction?: ReactNode;
  /** A link (or anchor) shown as an outlined button beside the main one. */
  secondaryAction?: ReactNode;
  children?: ReactNode;
}) {
  const { column, title: titleClass, lead: leadClass } = SIZES[size];
  return (
    <Tag
      aria-labelledby={titleId}
      className={cn("bg-navy-900 text-white", image && "relative isolate overflow-hidden")}
    >
      {image && (
        <img
          src={image.src}
          alt=""
          width={image.width}
          height={image.height}
          fetchPriority="high"
          className="absolute inset-0 -z-10 size-full object-cover opacity-70"
        />
      )}
      <div className={cn("mx-auto px-4 sm:px-6", width === "5xl" ? "max-w-5xl" : "max-w-7xl", column)}>
        {eyebrow && (
          <p className="text-sm font-semibold tracking-wide text-teal-accent uppercase">{eyebrow}</p>
        )}
        <h1 id={titleId} className={cn(titleClass, eyebrow && "mt-3")}>
          {title}
        </h1>
        <p className={cn(leadClassName ?? "max-w-2xl", "text-navy-100", leadClass)}>{lead}</p>
        {(primaryAction || secondaryAction) && (
          <div className="mt-10 flex flex-wrap gap-4">
            {primaryAction && (
              <Button asChild size="lg">
                {primaryAction}
              </Button>
            )}
            {secondaryAction && (
              <Button asChild size="lg" variant="outline-light">
                {secondaryAction}
              </Button>
            )}
          </div>
        )}
        {children}
      </div>
    </Tag>
  );
}
