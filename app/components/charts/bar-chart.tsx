import { useId } from "react";
import { m } from "~/paraglide/messages";

/** One bar: its short axis label, its value, and how the value reads (12, "DKK 2.500"). */
type Bar = {
  key: string;
  label: string;
  value: number;
  /** The value as text, when a plain number is not how people read it. */
  display?: string;
  /** The row's heading in the table, when longer than the axis label ("Week 12"). */
  rowLabel?: string;
  /** An extra cell in the table, under `detailHeading` (the date a week starts). */
  detail?: string;
};

type BarChartProps = {
  title: string;
  description?: string;
  bars: Bar[];
  /** The table's column headings: the label's and the value's (and the detail's, when bars have one). */
  labelHeading: string;
  valueHeading: string;
  detailHeading?: string;
  /** What the picture shows, in words, for screen readers. */
  summary: string;
  headingLevel?: "h2" | "h3";
};

// Drawing units; the SVG scales to its box, so these only fix proportions.
const WIDTH = 400;
const HEIGHT = 200;
const TOP = 22;
const BOTTOM = 26;
const PLOT_HEIGHT = HEIGHT - TOP - BOTTOM;

/**
 * A bar chart drawn in SVG on the server (no chart library reaches the browser), with
 * the same figures as a table for anyone who prefers or needs them.
 */
export function BarChart({
  title,
  description,
  bars,
  labelHeading,
  valueHeading,
  detailHeading,
  summary,
  headingLevel: Heading = "h2",
}: BarChartProps) {
  const headingId = useId();
  const highest = Math.max(1, ...bars.map((bar) => bar.value));
  const slot = WIDTH / Math.max(1, bars.length);
  const barWidth = slot * 0.6;
  // Many bars leave no room for a label under each: then every nth is shown.
  const labelEvery = Math.max(1, Math.ceil(bars.length / 12));
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <Heading id={headingId} className="text-lg font-semibold text-navy-900">
        {title}
      </Heading>
      {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      <svg
        role="img"
        aria-label={summary}
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
        {bars.map((bar, index) => {
          const height = (bar.value / highest) * PLOT_HEIGHT;
          const centre = slot * index + slot / 2;
          const labelled = index % labelEvery === 0;
          return (
            <g key={bar.key}>
              <rect
                x={centre - barWidth / 2}
                y={TOP + PLOT_HEIGHT - height}
                width={barWidth}
                height={height}
                rx={3}
                className="fill-water-600"
              />
              {bars.length <= 16 ? (
                <text
                  x={centre}
                  y={TOP + PLOT_HEIGHT - height - 6}
                  textAnchor="middle"
                  fontSize={13}
                  className="fill-slate-700"
                >
                  {bar.value}
                </text>
              ) : null}
              {labelled ? (
                <text x={centre} y={HEIGHT - 8} textAnchor="middle" fontSize={13} className="fill-slate-600">
                  {bar.label}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <details className="mt-4 text-sm">
        <summary className="cursor-pointer font-medium text-water-700">{m.chart_show_table()}</summary>
        <table className="mt-3 w-full max-w-md text-left">
          <caption className="sr-only">{title}</caption>
          <thead className="text-slate-600">
            <tr>
              <th scope="col" className="py-1 pr-4 font-semibold">
                {labelHeading}
              </th>
              {detailHeading ? (
                <th scope="col" className="py-1 pr-4 font-semibold">
                  {detailHeading}
                </th>
              ) : null}
              <th scope="col" className="py-1 text-right font-semibold">
                {valueHeading}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {bars.map((bar) => (
              <tr key={bar.key}>
                <th scope="row" className="py-1 pr-4 font-normal">
                  {bar.rowLabel ?? bar.label}
                </th>
                {detailHeading ? <td className="py-1 pr-4">{bar.detail ?? ""}</td> : null}
                <td className="py-1 text-right tabular-nums">{bar.display ?? bar.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}
