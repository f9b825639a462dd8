import type { ReactNode } from "react";
import { ColumnHeading, ScrollTable } from "~/components/ui/scroll-table";
import { formatMoney } from "~/lib/money";
import type { Figures } from "#server/reports/event-figures";
import { m } from "~/paraglide/messages";

export type FiguresRow = {
  key: string;
  /** The row's heading (a month, a partner). */
  heading: ReactNode;
  /** Cells between the heading and the figures, under `extraHeadings`. */
  cells?: ReactNode[];
  figures: Figures;
};

const cellBox = "px-4 py-3 align-top";
const cell = `${cellBox} text-slate-700`;
const number = `${cell} text-right tabular-nums whitespace-nowrap`;

function amountIn(figures: Figures, currency: string, field: "revenueMinor" | "shareMinor") {
  const line = figures.byCurrency.find((row) => row.currency === currency);
  return formatMoney(line?.[field] ?? 0, currency);
}

function FigureCells({ figures, currencies }: { figures: Figures; currencies: string[] }) {
  return (
    <>
      <td className={number}>{figures.eventsHeld}</td>
      <td className={number}>{figures.eventsCancelled}</td>
      <td className={number}>{figures.teamsConfirmed}</td>
      <td className={number}>{figures.cancellations}</td>
      {currencies.map((currency) => (
        <td key={`revenue-${currency}`} className={number}>
          {amountIn(figures, currency, "revenueMinor")}
        </td>
      ))}
      {currencies.map((currency) => (
        <td key={`share-${currency}`} className={number}>
          {amountIn(figures, currency, "shareMinor")}
        </td>
      ))}
    </>
  );
}

/**
 * A report's full table: the counts, then revenue and RCL's share in a column per
 * currency (amounts in different currencies are never added), and the range's total.
 */
export function FiguresTable({
  caption,
  heading,
  extraHeadings = [],
  rows,
  total,
  currencies,
}: {
  caption: string;
  heading: string;
  extraHeadings?: string[];
  rows: FiguresRow[];
  total: Figures;
  currencies: string[];
}) {
  const headings = [
    m.reports_events_held(),
    m.reports_events_cancelled(),
    m.reports_teams_confirmed(),
    m.reports_cancellations(),
    ...currencies.map((currency) => m.reports_revenue_in({ currency })),
    ...currencies.map((currency) => m.reports_share_in({ currency })),
  ];
  return (
    <ScrollTable
      caption={caption}
      headings={
        <>
          {[heading, ...extraHeadings].map((label) => (
            <ColumnHeading key={label}>{label}</ColumnHeading>
          ))}
          {headings.map((label) => (
            <ColumnHeading key={label} className="text-right">
              {label}
            </ColumnHeading>
          ))}
        </>
      }
      footer={
        <tfoot className="border-t-2 border-slate-300 bg-slate-50 font-semibold">
          <tr>
            <th scope="row" colSpan={1 + extraHeadings.length} className={`${cellBox} text-navy-900`}>
              {m.reports_total()}
            </th>
            <FigureCells figures={total} currencies={currencies} />
          </tr>
        </tfoot>
      }
    >
      {rows.map((row) => (
        <tr key={row.key}>
          <th scope="row" className={`${cell} font-medium whitespace-nowrap`}>
            {row.heading}
          </th>
          {(row.cells ?? []).map((content, index) => (
            <td key={extraHeadings[index] ?? index} className={cell}>
              {content}
            </td>
          ))}
          <FigureCells figures={row.figures} currencies={currencies} />
        </tr>
      ))}
    </ScrollTable>
  );
}
