import type { IconComponent } from "~/components/icons/create-icon";
import type { ReactNode } from "react";
import { cn } from "~/lib/utils";

/**
 * A line led by a small decorative icon, such as a date, a place or a phone number. The
 * gap and the alignment are props, not classes to override: classes are only joined.
 */
export function IconText({
  icon: Icon,
  as: Tag = "li",
  gap = "md",
  align = "center",
  className,
  iconClassName,
  children,
}: {
  icon: IconComponent;
  as?: "li" | "p";
  /** `sm` sets the icon closer, for small text. */
  gap?: "sm" | "md";
  /** `start` keeps the icon on the first line of text that wraps. */
  align?: "center" | "start";
  className?: string;
  iconClassName?: string;
  children: ReactNode;
}) {
  return (
    <Tag
      className={cn(
        "flex",
        align === "start" ? "items-start" : "items-center",
        gap === "sm" ? "gap-1.5" : "gap-2",
        className,
      )}
    >
      <Icon className={cn("size-4 shrink-0", iconClassName)} aria-hidden="true" />
      {/* One flex item: a text of several nodes would otherwise be split into items, the
          gap put between them ("May 14, 2027 , 5:30 PM"). */}
      <span>{children}</span>
    </Tag>
  );
}
