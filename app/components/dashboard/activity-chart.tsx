import { useId } from "react";
import { formatDate } from "~/lib/dates";
import type { WeekCount } from "#server/dashboard/registrations-per-week";

// Drawing units; the SVG scales to its box, so these only fix proportions.
const WIDTH = 400;
const HEIGHT = 200;
const TOP = 22;
const BOTTOM = 26;
const PLOT_HEIGHT = HEIGHT - TOP - BOTTOM;

const plural = (count: number) => `${count} registration${count === 1 ? "" : "s"}`;

/** What the picture shows, in words, for screen readers. */
function chartSummary(weeks: WeekCount[]): string {
  const total = weeks.reduce((sum, week) => sum + week.count, 0);
  const perWeek = weeks.map((week) => `week ${week.week}: ${week.count}`).join(", ");
  return `Bar chart of registrations per week over the last ${weeks.length} weeks, ${plural(total)} in total. ${perWeek}.`;
}

/**
 * Registrations per week as a bar chart drawn in SVG, with the same figures as a
 * table for anyone who prefers or needs them.
 */
export function ActivityChart({ weeks, description }: { weeks: WeekCount[]; description: string }) {
  const headingId = useId();
  const highest = Math.max(1, ...weeks.map((week) => week.count));
  const slot = WIDTH / weeks.length;
  const barWidth = slot * 0.6;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id={headingId} className="text-lg font-semibold text-navy-900">
        Registrations per week
      </h2>
      <p className="mt-1 text-sm text-slate-600">{description}</p>
      <svg
        role="img"
        aria-label={chartSummary(weeks)}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="mt-4 h-auto w-full max-w-2xl"
      >
        <line
          x1={0}
          x2={WIDTH}
          y1={TOP + PLOT_HEIGHT}
          y2={TOP + PLOT_HEIGHT}
          className="stroke-slate-300"
          strokeWidth={1}
        />
        {weeks.map((week, index) => {
          const height = (week.count / highest) * PLOT_HEIGHT;
          const centre = slot * index + slot / 2;
          return (
            <g key={week.weekStart.toISOString()}>
              <rect
                x={centre - barWidth / 2}
                y={TOP + PLOT_HEIGHT - height}
                width={barWidth}
                height={height}
                rx={3}
                className="fill-water-600"
              />
              <text
                x={centre}
                y={TOP + PLOT_HEIGHT - height - 6}
                textAnchor="middle"
                fontSize={13}
                className="fill-slate-700"
              >
                {week.count}
              </text>
              <text x={centre} y={HEIGHT - 8} textAnchor="middle" fontSize={13} className="fill-slate-600">
                {`W${week.week}`}
              </text>
            </g>
          );
        })}
      </svg>
      <details className="mt-4 text-sm">
        <summary className="cursor-pointer font-medium text-water-700">Show the figures as a table</summary>
        <table className="mt-3 w-full max-w-md text-left">
          <caption className="sr-only">Registrations per week</caption>
          <thead className="text-slate-600">
            <tr>
              <th scope="col" className="py-1 pr-4 font-semibold">
                Week
              </th>
              <th scope="col" className="py-1 pr-4 font-semibold">
                Starting
              </th>
              <th scope="col" className="py-1 text-right font-semibold">
                Registrations
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {weeks.map((week) => (
              <tr key={week.weekStart.toISOString()}>
                <th scope="row" className="py-1 pr-4 font-normal">
                  {`Week ${week.week}`}
                </th>
                <td className="py-1 pr-4">{formatDate(week.weekStart)}</td>
                <td className="py-1 text-right tabular-nums">{week.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}
