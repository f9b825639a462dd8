import type { ReactNode } from "react";
import { cn } from "~/lib/utils";

/**
 * A table whose rows read across (a comparison, a report), so it keeps its columns on
 * every screen instead of stacking into `ListTable`'s phone cards: on a narrow screen it
 * scrolls sideways inside its own frame, which keyboard users reach with Tab.
 */
export function ScrollTable({
  caption,
  headings,
  children,
  footer,
}: {
  caption: string;
  /** The header row's cells (`ColumnHeading`s). */
  headings: ReactNode;
  /** The body's rows. */
  children: ReactNode;
  /** A `tfoot` after the body (a total). */
  footer?: ReactNode;
}) {
  return (
    <TableFrame caption={caption}>
      <thead className="bg-slate-50">
        <tr>{headings}</tr>
      </thead>
      <tbody className="divide-y divide-slate-100 bg-white">{children}</tbody>
      {footer}
    </TableFrame>
  );
}

/**
 * A workspace table in its frame: a region named by the caption, which keyboard users
 * reach with Tab and which scrolls sideways when the table is wider than the screen. A
 * `stacking` table (`ListTable`) is a block on a phone, its rows cards, and scrolls only
 * from a tablet up.
 */
export function TableFrame({
  caption,
  stacking = false,
  children,
}: {
  caption: string;
  stacking?: boolean;
  /** The table's head, body and foot; the caption is added for screen readers. */
  children: ReactNode;
}) {
  return (
    <div
      role="region"
      aria-label={caption}
      tabIndex={0}
      // Positioned when stacking, so that screen-reader-only text in a scrolled row stays
      // inside the frame instead of widening the page.
      className={
        stacking
          ? "relative rounded-lg border border-slate-200 sm:overflow-x-auto"
          : "overflow-x-auto rounded-lg border border-slate-200"
      }
    >
      <table
        className={
          stacking
            ? "w-full text-left text-sm max-sm:block sm:min-w-full sm:divide-y sm:divide-slate-200"
            : "min-w-full divide-y divide-slate-200 text-left text-sm"
        }
      >
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}

/** A column's heading in a workspace table; `className` adds its width or alignment. */
export function ColumnHeading({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <th scope="col" className={cn("px-4 py-3 font-semibold text-slate-700", className)}>
      {children}
    </th>
  );
}
