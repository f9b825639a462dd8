import { useId, type ReactNode } from "react";
import { href, Link } from "react-router";
import type { DashboardStatus } from "#server/dashboard/status";
import { Button } from "~/components/ui/button";
import { formatDate } from "~/lib/dates";
import { localizedPath } from "~/lib/i18n/locale";
import type { Locale } from "~/lib/i18n/locale";
import { m } from "~/paraglide/messages";
import { StatusBadge } from "./status-badge";

/**
 * A dashboard's five-row table with a "View All" link. The first cell of each row
 * names the row, so it is a row header for screen readers.
 */
function DashboardTable<Row>({
  title,
  columns,
  rows,
  rowKey,
  cells,
  emptyMessage,
  viewAllTo,
}: {
  title: string;
  columns: readonly [string, ...string[]];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  cells: (row: Row) => [ReactNode, ...ReactNode[]];
  emptyMessage: string;
  viewAllTo: string;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-4 py-3 sm:px-5">
        <h2 id={headingId} className="text-lg font-semibold text-navy-900">
          {title}
        </h2>
        <Button asChild variant="outline" size="sm">
          <Link to={viewAllTo}>
            {m.dash_view_all()}
            <span className="sr-only">{m.dash_view_all_events_hint()}</span>
          </Link>
        </Button>
      </div>
      {rows.length === 0 ? (
        <p className="px-4 py-6 text-sm text-slate-600 sm:px-5">{emptyMessage}</p>
      ) : (
        // Small type and tight cells let the four columns wrap into 360 px; the scroll
        // container is only a last resort for unusually long words.
        <div className="overflow-x-auto">
          <table className="w-full text-left text-xs sm:text-sm">
            <caption className="sr-only">{title}</caption>
            <thead className="bg-slate-50 text-slate-600">
              <tr>
                {columns.map((column) => (
                  <th key={column} scope="col" className="px-2 py-2 font-semibold sm:px-5">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {rows.map((row) => {
                const [first, ...rest] = cells(row);
                return (
                  <tr key={rowKey(row)}>
                    <th scope="row" className="px-2 py-3 font-medium text-slate-900 sm:px-5">
                      {first}
                    </th>
                    {rest.map((cell, index) => (
                      <td key={columns[index + 1]} className="px-2 py-3 text-slate-700 sm:px-5">
                        {cell}
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** A row of a dashboard's next events: one of the events, or one of the person's bookings at it. */
type NextEvent = {
  id: string;
  title: string;
  /** The title's language, when it is not the page's: a partner's text not translated (ADR 034). */
  titleLang?: Locale;
  href: string | null;
  startsAt: Date;
  status: DashboardStatus;
};

/**
 * A dashboard's next events: each one's title (linked to its public page), its date, a
 * column of the dashboard's own (the partner, the organiser, the teams) and its status.
 */
export function NextEventsTable<Row extends NextEvent>({
  title,
  rows,
  column,
  emptyMessage,
}: {
  title: string;
  rows: readonly Row[];
  column: { label: string; cell: (row: Row) => ReactNode };
  emptyMessage: string;
}) {
  return (
    <DashboardTable
      title={title}
      columns={[m.dash_column_event(), m.dash_column_date(), column.label, m.dash_column_status()]}
      rows={rows}
      rowKey={(row) => row.id}
      cells={(row) => [
        <EventTitle key="title" title={row.title} lang={row.titleLang} href={row.href} />,
        <EventDate key="date" value={row.startsAt} />,
        column.cell(row),
        <StatusBadge key="status" status={row.status} />,
      ]}
      emptyMessage={emptyMessage}
      viewAllTo={localizedPath(href("/events"))}
    />
  );
}

/** An event's title, linked to its public page when it has one. */
function EventTitle({ title, lang, href }: { title: string; lang?: Locale; href: string | null }) {
  if (!href) return <span lang={lang}>{title}</span>;
  return (
    <Link to={href} lang={lang} className="text-water-700 underline-offset-4 hover:underline">
      {title}
    </Link>
  );
}

function EventDate({ value }: { value: Date }) {
  return <time dateTime={value.toISOString()}>{formatDate(value)}</time>;
}
