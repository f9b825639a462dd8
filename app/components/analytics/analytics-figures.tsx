import { Ban } from "~/components/icons/ban";
import { Banknote } from "~/components/icons/banknote";
import { Eye } from "~/components/icons/eye";
import { Gauge } from "~/components/icons/gauge";
import { Hourglass } from "~/components/icons/hourglass";
import { Percent } from "~/components/icons/percent";
import { Landmark } from "~/components/icons/landmark";
import { Users } from "~/components/icons/users";
import { Link } from "react-router";
import type { ReactNode } from "react";
import type { PartnerAnalytics } from "#server/analytics/partner-analytics";
import { ListTable } from "~/components/ui/list-table";
import { StatGrid } from "~/components/dashboard/stat-card";
import { EventStatusBadge } from "~/components/events/event-status";
import { formatDate } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { m } from "~/paraglide/messages";
import { amounts, percent, percentValue } from "./format";

const linkClass = "font-medium text-water-700 underline hover:text-navy-900";

/** The range's figures in total: what happened in it, and the bookings as they stand now. */
export function AnalyticsTotals({ totals }: { totals: PartnerAnalytics["totals"] }) {
  return (
    <StatGrid
      stats={[
        {
          label: m.analytics_page_views(),
          value: String(totals.views),
          hint: m.analytics_page_views_hint(),
          icon: Eye,
        },
        {
          label: m.analytics_registrations(),
          value: String(totals.registrations),
          hint: m.analytics_registrations_hint(),
          icon: Users,
        },
        {
          label: m.analytics_conversion(),
          value: percent(totals.conversion),
          hint: m.analytics_conversion_hint(),
          icon: Percent,
        },
        {
          label: m.analytics_fill_rate(),
          value: percent(totals.fillRate),
          hint:
            totals.places > 0
              ? m.analytics_fill_rate_hint({ confirmed: totals.confirmed, places: totals.places })
              : m.analytics_fill_rate_none(),
          icon: Gauge,
        },
        {
          label: m.analytics_waitlist(),
          value: String(totals.waitlisted),
          hint: m.analytics_waitlist_hint(),
          icon: Hourglass,
        },
        {
          label: m.analytics_cancellations(),
          value: String(totals.cancellations),
          hint: m.analytics_cancellations_hint(),
          icon: Ban,
        },
        {
          label: m.analytics_revenue(),
          value: amounts(totals.revenue, (amount) => amount.revenueMinor),
          hint: m.analytics_revenue_hint(),
          icon: Banknote,
        },
        {
          label: m.analytics_share(),
          value: amounts(totals.revenue, (amount) => amount.shareMinor),
          hint: m.analytics_share_hint(),
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
      caption={m.analytics_table_caption()}
      columns={[
        {
          label: m.analytics_event(),
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
        ...(allPartners ? [{ label: m.analytics_partner(), cell: (row: Row) => row.partnerName }] : []),
        {
          label: m.analytics_date(),
          cell: (row) => (
            <time dateTime={new Date(row.startsAt).toISOString()}>{formatDate(new Date(row.startsAt))}</time>
          ),
        },
        number(m.analytics_page_views(), (row) => row.views),
        number(m.analytics_registrations(), (row) => row.registrations),
        number(m.analytics_conversion(), (row) => percent(row.conversion)),
        number(m.analytics_fill_rate(), (row) => (
          <>
            {percent(row.fillRate)}
            {row.fillRate !== null && (
              <span className="block text-xs text-slate-500">
                {row.confirmed} / {row.maxTeams}
              </span>
            )}
          </>
        )),
        number(m.analytics_waitlist(), (row) => row.waitlisted),
        number(m.analytics_cancellations(), (row) => row.cancellations),
        number(m.analytics_revenue(), (row) => formatMoney(row.revenueMinor, row.currency)),
        number(m.analytics_share(), (row) => (
          <>
            {formatMoney(row.shareMinor, row.currency)}
            <span className="block text-xs text-slate-500">{percentValue(row.sharePercent)}</span>
          </>
        )),
      ]}
      rows={rows}
      rowKey={(row) => row.id}
      empty={rows.length === 0 ? m.analytics_table_empty() : null}
    />
  );
}
