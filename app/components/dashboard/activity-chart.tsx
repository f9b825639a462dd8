import { BarChart } from "~/components/charts/bar-chart";
import { formatDate } from "~/lib/dates";
import type { WeekCount } from "#server/dashboard/registrations-per-week";

const plural = (count: number) => `${count} registration${count === 1 ? "" : "s"}`;

/** What the picture shows, in words, for screen readers. */
function chartSummary(weeks: WeekCount[]): string {
  const total = weeks.reduce((sum, week) => sum + week.count, 0);
  const perWeek = weeks.map((week) => `week ${week.week}: ${week.count}`).join(", ");
  return `Bar chart of registrations per week over the last ${weeks.length} weeks, ${plural(total)} in total. ${perWeek}.`;
}

/** Registrations per week, with the same figures as a table. */
export function ActivityChart({ weeks, description }: { weeks: WeekCount[]; description: string }) {
  return (
    <BarChart
      title="Registrations per week"
      description={description}
      summary={chartSummary(weeks)}
      labelHeading="Week"
      detailHeading="Starting"
      valueHeading="Registrations"
      bars={weeks.map((week) => ({
        key: week.weekStart.toISOString(),
        label: `W${week.week}`,
        rowLabel: `Week ${week.week}`,
        detail: formatDate(week.weekStart),
        value: week.count,
      }))}
    />
  );
}
