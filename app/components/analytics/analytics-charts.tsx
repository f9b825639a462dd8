import type { ChartBar, PartnerAnalytics } from "#server/analytics/partner-analytics";
import { BarChart } from "~/components/charts/bar-chart";
import { m } from "~/paraglide/messages";
import { longDay, shortDay } from "./format";

type Granularity = PartnerAnalytics["charts"]["granularity"];

/** What the picture shows, in words: the total and the busiest bar. */
function chartSummary(what: string, bars: ChartBar[], granularity: Granularity): string {
  const total = bars.reduce((sum, bar) => sum + bar.count, 0);
  const first = bars[0];
  const last = bars.at(-1);
  const daily = granularity === "day";
  const busiest = bars.reduce<ChartBar | null>(
    (best, bar) => (bar.count > (best?.count ?? 0) ? bar : best),
    null,
  );
  const summary =
    first && last
      ? (daily ? m.analytics_chart_summary_day_span : m.analytics_chart_summary_week_span)({
          what,
          from: longDay(first.from),
          to: longDay(last.to),
          total,
        })
      : (daily ? m.analytics_chart_summary_day : m.analytics_chart_summary_week)({ what, total });
  if (!busiest) return summary;
  const peak = (daily ? m.analytics_chart_peak_day : m.analytics_chart_peak_week)({
    count: busiest.count,
    day: longDay(busiest.from),
  });
  return `${summary} ${peak}`;
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
      labelHeading={weekly ? m.analytics_chart_week() : m.analytics_chart_day()}
      detailHeading={weekly ? m.analytics_chart_days() : undefined}
      valueHeading={valueHeading}
      bars={bars.map((bar) => ({
        key: bar.from,
        label: bar.week === null ? shortDay(bar.from) : m.analytics_chart_week_short({ week: bar.week }),
        rowLabel: bar.week === null ? longDay(bar.from) : m.analytics_chart_week_number({ week: bar.week }),
        detail: bar.week === null ? undefined : `${shortDay(bar.from)} – ${shortDay(bar.to)}`,
        value: bar.count,
      }))}
    />
  );
}

/** Page views and registrations over the range, a bar per day (per week for long ranges). */
export function AnalyticsCharts({ charts }: { charts: PartnerAnalytics["charts"] }) {
  const daily = charts.granularity === "day";
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <ActivityBars
        title={daily ? m.analytics_chart_views_per_day() : m.analytics_chart_views_per_week()}
        what={m.analytics_chart_views_what()}
        valueHeading={m.analytics_page_views()}
        bars={charts.views}
        granularity={charts.granularity}
      />
      <ActivityBars
        title={daily ? m.analytics_chart_registrations_per_day() : m.analytics_chart_registrations_per_week()}
        what={m.analytics_chart_registrations_what()}
        valueHeading={m.analytics_registrations()}
        bars={charts.registrations}
        granularity={charts.granularity}
      />
    </div>
  );
}
