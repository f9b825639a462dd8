import type { ReactNode } from "react";
import { Link } from "react-router";
import { cn } from "~/lib/utils";

const WIDTHS = {
  "3xl": "max-w-3xl",
  "4xl": "max-w-4xl",
  "5xl": "max-w-5xl",
  "7xl": "max-w-7xl",
} as const;

/** A section's h2; `id` is what the section's aria-labelledby points at. */
export function SectionHeading({
  id,
  size = "lg",
  className,
  children,
}: {
  id?: string;
  size?: "md" | "lg";
  className?: string;
  children: ReactNode;
}) {
  return (
    <h2 id={id} className={cn(size === "lg" ? "text-3xl" : "text-2xl", "font-bold text-navy-900", className)}>
      {children}
    </h2>
  );
}

/**
 * A full-width band of a public page, named by its heading: the heading, an optional
 * link beside it and a short lead, then the section's own content.
 */
export function PageSection({
  id,
  title,
  headingSize,
  headingClassName,
  action,
  lead,
  leadClassName,
  width = "7xl",
  muted = false,
  centered = false,
  className,
  children,
}: {
  /** The heading's id, which names the section for assistive technology. */
  id: string;
  title: ReactNode;
  headingSize?: "md" | "lg";
  headingClassName?: string;
  /** A link shown beside the heading, such as "View all events". */
  action?: { to: string; label: string };
  lead?: ReactNode;
  /** The lead's margin, width and colour, in place of `mt-3 max-w-2xl text-slate-600`. */
  leadClassName?: string;
  width?: keyof typeof WIDTHS;
  /** Sets the band apart from its neighbours with a light background across the page. */
  muted?: boolean;
  centered?: boolean;
  /**
   * The content column's spacing and look, in place of its padding (`px-4 py-16 sm:px-6`):
   * classes are joined, not merged, so a caller's padding must not meet the default one.
   */
  className?: string;
  children?: ReactNode;
}) {
  const column = cn("mx-auto", WIDTHS[width], centered && "text-center", className ?? "px-4 py-16 sm:px-6");
  const heading = (
    <SectionHeading id={id} size={headingSize} className={headingClassName}>
      {title}
    </SectionHeading>
  );
  const content = (
    <>
      {action ? (
        <div className="flex flex-wrap items-end justify-between gap-4">
          {heading}
          <Link to={action.to} className="text-water-600 hover:underline">
            {action.label}
          </Link>
        </div>
      ) : (
        heading
      )}
      {lead && (
        <p className={cn(centered && "mx-auto", leadClassName ?? "mt-3 max-w-2xl text-slate-600")}>{lead}</p>
      )}
      {children}
    </>
  );
  if (!muted) {
    return (
      <section aria-labelledby={id} className={column}>
        {content}
      </section>
    );
  }
  return (
    <section aria-labelledby={id} className="bg-navy-50">
      <div className={column}>{content}</div>
    </section>
  );
}
