import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "~/lib/utils";

/** A line led by a small decorative icon, such as a date, a place or a phone number. */
export function IconText({
  icon: Icon,
  as: Tag = "li",
  className,
  iconClassName,
  children,
}: {
  icon: LucideIcon;
  as?: "li" | "p";
  className?: string;
  iconClassName?: string;
  children: ReactNode;
}) {
  return (
    <Tag className={cn("flex items-center gap-2", className)}>
      <Icon className={cn("size-4 shrink-0", iconClassName)} aria-hidden="true" />
      {children}
    </Tag>
  );
}
