import type { Key, ReactNode } from "react";
import { ColumnHeading, TableFrame } from "~/components/ui/scroll-table";
import { cn } from "~/lib/utils";

/** One column of a `ListTable`: its heading, and what each row shows under it. */
export type ListColumn<Row> = {
  label: string;
  cell: (row: Row) => ReactNode;
  /** Kept on one line on wide screens (dates, amounts). */
  nowrap?: boolean;
};

// On a phone each cell is a line of its card: the column's name (from `data-label`), then the value.
const CELL =
  "px-4 py-3 align-top text-slate-700 max-sm:grid max-sm:grid-cols-[minmax(0,7rem)_minmax(0,1fr)] max-sm:gap-3 max-sm:py-1 max-sm:[overflow-wrap:anywhere] max-sm:before:font-medium max-sm:before:text-slate-500 max-sm:before:content-[attr(data-label)]";

/**
 * A workspace list that fits any screen: a table with a caption for screen readers on a
 * wide screen, and on a phone one card per row, each value under its column's name (the
 * same cells, stacked, so the page never scrolls sideways). A table too wide for a tablet
 * scrolls inside its own frame, which keyboard users reach with Tab.
 */
export function ListTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
}: {
  caption: string;
  columns: ListColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  /** Shown instead of the table when there are no rows. */
  empty: string | null;
}) {
  if (empty) return <p className="rounded-md border border-slate-200 p-6 text-slate-600">{empty}</p>;
  return (
    <TableFrame caption={caption} stacking>
      <thead className="bg-slate-50 max-sm:sr-only">
        <tr>
          {columns.map((column) => (
            <ColumnHeading key={column.label}>{column.label}</ColumnHeading>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100 bg-white max-sm:block">
        {rows.map((row) => (
          <tr key={rowKey(row)} className="max-sm:block max-sm:py-2">
            {columns.map((column) => (
              <td
                key={column.label}
                data-label={column.label}
                className={cn(CELL, column.nowrap && "sm:whitespace-nowrap")}
              >
                <div className="min-w-0">{column.cell(row)}</div>
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </TableFrame>
  );
}
