import { Ban, Banknote, Eye, Gauge, Hourglass, Percent, Landmark, Users } from "~/components/icons";
import { Link } from "react-router";
import type { ReactNode } from "react";
import type { PartnerAnalytics } from "#server/analytics/partner-analytics";
import { ListTable } from "~/components/ui/list-table";
import { StatGrid } from "~/components/dashboard/stat-card";
import { EventStatusBadge } from "~/components/events/event-status";
import { formatDate } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { amounts, percent } from "./format";

const linkClass = "font-medium text-water-700 underline hover:text-navy-900";

/** The range's figures in total: what happened in it, and the bookings as they stand now. */
export function AnalyticsTotals({ totals }: { totals: PartnerAnalytics["totals"] }) {
  return (
    <StatGrid
      stats={[
        { label: "Page views", value: String(totals.views), hint: "Event pages opened", icon: Eye },
        {
          label: "Registrations",
          value: String(totals.registrations),
          hint: "Teams registered, whatever became of the booking",
          icon: Users,
        },
        {
          label: "Conversion",
          value: percent(totals.conversion),
          hint: "Registrations per page view",
          icon: Percent,
        },
        {
          label: "Fill rate",
          value: percent(totals.fillRate),
          hint:
            totals.places > 0
              ? `${totals.confirmed} of ${totals.places} places taken now`
              : "No places offered by these events",
          icon: Gauge,
        },
        {
          label: "Waitlist",
          value: String(totals.waitlisted),
          hint: "Teams waiting for a place now",
          icon: Hourglass,
        },
        {
          label: "Cancellations",
          value: String(totals.cancellations),
          hint: "Bookings cancelled",
          icon: Ban,
        },
        {
          label: "Revenue",
          value: amounts(totals.revenue, (amount) => amount.revenueMinor),
          hint: "Price × confirmed teams now, per currency",
          icon: Banknote,
        },
        {
          label: "RCL share",
          value: amounts(totals.revenue, (amount) => amount.shareMinor),
          hint: "By each partner's tier now: none for a basic listing",
          icon: Landmark,
        },
      ]}
    />
  );
}

/** One row per event that had views or bookings in the range or takes place in it. */
export function AnalyticsEventTable({
  rows,
  allPartners,
}: {
  rows: PartnerAnalytics["events"];
  allPartners: boolean;
}) {
  type Row = (typeof rows)[number];
  const number = (label: string, cell: (row: Row) => ReactNode) => ({
    label,
    nowrap: true,
    cell: (row: Row) => <span className="tabular-nums">{cell(row)}</span>,
  });
  return (
    <ListTable
      caption="Figures per event"
      columns={[
        {
          label: "Event",
          cell: (row) => (
            <>
              {row.href ? (
                <Link to={row.href} className={linkClass}>
                  {row.title}
                </Link>
              ) : (
                row.title
              )}
              {row.status !== "published" && (
                <div className="mt-1">
                  <EventStatusBadge status={row.status} />
                </div>
              )}
            </>
          ),
        },
        ...(allPartners ? [{ label: "Partner", cell: (row: Row) => row.partnerName }] : []),
        {
          label: "Date",
          cell: (row) => (
            <time dateTime={new Date(row.startsAt).toISOString()}>{formatDate(new Date(row.startsAt))}</time>
          ),
        },
        number("Page views", (row) => row.views),
        number("Registrations", (row) => row.registrations),
        number("Conversion", (row) => percent(row.conversion)),
        number("Fill rate", (row) => (
          <>
            {percent(row.fillRate)}
            {row.fillRate !== null && (
              <span className="block text-xs text-slate-500">
                {row.confirmed} / {row.maxTeams}
              </span>
            )}
          </>
        )),
        number("Waitlist", (row) => row.waitlisted),
        number("Cancellations", (row) => row.cancellations),
        number("Revenue", (row) => formatMoney(row.revenueMinor, row.currency)),
        number("RCL share", (row) => (
          <>
            {formatMoney(row.shareMinor, row.currency)}
            <span className="block text-xs text-slate-500">{row.sharePercent}%</span>
          </>
        )),
      ]}
      rows={rows}
      rowKey={(row) => row.id}
      empty={
        rows.length === 0
          ? "No event had page views or bookings in these days, and none takes place in them."
          : null
      }
    />
  );
}
