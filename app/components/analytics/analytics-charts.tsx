import type { ChartBar, PartnerAnalytics } from "#server/analytics/partner-analytics";
import { BarChart } from "~/components/charts/bar-chart";
import { longDay, shortDay } from "./format";

type Granularity = PartnerAnalytics["charts"]["granularity"];

/** What the picture shows, in words: the total and the busiest bar. */
function chartSummary(what: string, bars: ChartBar[], granularity: Granularity): string {
  const total = bars.reduce((sum, bar) => sum + bar.count, 0);
  const first = bars[0];
  const last = bars.at(-1);
  const span = first && last ? ` from ${longDay(first.from)} to ${longDay(last.to)}` : "";
  const busiest = bars.reduce<ChartBar | null>(
    (best, bar) => (bar.count > (best?.count ?? 0) ? bar : best),
    null,
  );
  const peak = busiest
    ? ` The most, ${busiest.count}, ${granularity === "day" ? `on ${longDay(busiest.from)}` : `in the week from ${longDay(busiest.from)}`}.`
    : "";
  return `Bar chart of ${what} per ${granularity}${span}: ${total} in total.${peak}`;
}

function ActivityBars({
  title,
  what,
  valueHeading,
  bars,
  granularity,
}: {
  title: string;
  what: string;
  valueHeading: string;
  bars: ChartBar[];
  granularity: Granularity;
}) {
  const weekly = granularity === "week";
  return (
    <BarChart
      title={title}
      summary={chartSummary(what, bars, granularity)}
      labelHeading={weekly ? "Week" : "Day"}
      detailHeading={weekly ? "Days" : undefined}
      valueHeading={valueHeading}
      bars={bars.map((bar) => ({
        key: bar.from,
        label: bar.week === null ? shortDay(bar.from) : `W${bar.week}`,
        rowLabel: bar.week === null ? longDay(bar.from) : `Week ${bar.week}`,
        detail: bar.week === null ? undefined : `${shortDay(bar.from)} – ${shortDay(bar.to)}`,
        value: bar.count,
      }))}
    />
  );
}

/** Page views and registrations over the range, a bar per day (per week for long ranges). */
export function AnalyticsCharts({ charts }: { charts: PartnerAnalytics["charts"] }) {
  const per = charts.granularity === "day" ? "day" : "week";
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <ActivityBars
        title={`Page views per ${per}`}
        what="event page views"
        valueHeading="Page views"
        bars={charts.views}
        granularity={charts.granularity}
      />
      <ActivityBars
        title={`Registrations per ${per}`}
        what="teams registered"
        valueHeading="Registrations"
        bars={charts.registrations}
        granularity={charts.granularity}
      />
    </div>
  );
}
