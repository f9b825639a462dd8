import type { ReactNode } from "react";
import { Link } from "react-router";
import { cn } from "~/lib/utils";

/**
 * A list row's way to its own page (the event's title, the person's name): one look in
 * every workspace list. Long names wrap rather than widen the row on a phone; `mono` is
 * for a booking reference.
 */
export function RecordLink({
  to,
  mono = false,
  children,
}: {
  to: string;
  mono?: boolean;
  children: ReactNode;
}) {
  return (
    <Link
      to={to}
      className={cn(
        "font-medium break-words text-water-700 underline hover:text-navy-900",
        mono && "font-mono",
      )}
    >
      {children}
    </Link>
  );
}
