import { Ban, Banknote, Eye, Gauge, Hourglass, Percent, Landmark, Users } from "~/components/icons";
import { Link } from "react-router";
import type { PartnerAnalytics } from "#server/analytics/partner-analytics";
import { AdminTable, cellClass } from "~/components/admin/admin-page";
import { StatGrid } from "~/components/dashboard/stat-card";
import { EventStatusBadge } from "~/components/events/event-status";
import { formatDate } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { amounts, percent } from "./format";

const linkClass = "font-medium text-water-700 underline hover:text-navy-900";
const numberClass = `${cellClass} text-right tabular-nums`;

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
  const columns = [
    "Event",
    ...(allPartners ? ["Partner"] : []),
    "Date",
    "Page views",
    "Registrations",
    "Conversion",
    "Fill rate",
    "Waitlist",
    "Cancellations",
    "Revenue",
    "RCL share",
  ];
  return (
    <AdminTable
      caption="Figures per event"
      columns={columns}
      empty={
        rows.length === 0
          ? "No event had page views or bookings in these days, and none takes place in them."
          : null
      }
    >
      {rows.map((row) => (
        <tr key={row.id}>
          <td className={cellClass}>
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
          </td>
          {allPartners && <td className={cellClass}>{row.partnerName}</td>}
          <td className={cellClass}>
            <time dateTime={new Date(row.startsAt).toISOString()}>{formatDate(new Date(row.startsAt))}</time>
          </td>
          <td className={numberClass}>{row.views}</td>
          <td className={numberClass}>{row.registrations}</td>
          <td className={numberClass}>{percent(row.conversion)}</td>
          <td className={numberClass}>
            {percent(row.fillRate)}
            {row.fillRate !== null && (
              <span className="block text-xs text-slate-500">
                {row.confirmed} / {row.maxTeams}
              </span>
            )}
          </td>
          <td className={numberClass}>{row.waitlisted}</td>
          <td className={numberClass}>{row.cancellations}</td>
          <td className={numberClass}>{formatMoney(row.revenueMinor, row.currency)}</td>
          <td className={numberClass}>
            {formatMoney(row.shareMinor, row.currency)}
            <span className="block text-xs text-slate-500">{row.sharePercent}%</span>
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}
