import { BarChart } from "~/components/charts/bar-chart";
import { formatDate } from "~/lib/dates";
import type { WeekCount } from "#server/dashboard/registrations-per-week";
import { m } from "~/paraglide/messages";

/** What the picture shows, in words, for screen readers. */
function chartSummary(weeks: WeekCount[]): string {
  const total = weeks.reduce((sum, week) => sum + week.count, 0);
  const perWeek = weeks
    .map((week) => m.dash_chart_week_count({ week: week.week, count: week.count }))
    .join(", ");
  return m.dash_chart_summary({
    weeks: weeks.length,
    total: m.dash_chart_registrations_count({ count: total }),
    perWeek,
  });
}

/** Registrations per week, with the same figures as a table. */
export function ActivityChart({ weeks, description }: { weeks: WeekCount[]; description: string }) {
  return (
    <BarChart
      title={m.dash_chart_title()}
      description={description}
      summary={chartSummary(weeks)}
      labelHeading={m.dash_chart_week_heading()}
      detailHeading={m.dash_chart_starting_heading()}
      valueHeading={m.dash_chart_registrations_heading()}
      bars={weeks.map((week) => ({
        key: week.weekStart.toISOString(),
        label: m.dash_chart_week_short({ week: week.week }),
        rowLabel: m.dash_chart_week_row({ week: week.week }),
        detail: formatDate(week.weekStart),
        value: week.count,
      }))}
    />
  );
}
