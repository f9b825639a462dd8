import { BarChart } from "~/components/charts/bar-chart";
import { decimalAmount, formatMoney } from "~/lib/money";
import type { MonthlyReport } from "#server/reports/monthly-report";
import { monthLabel, rangeLabel, shortMonthLabel } from "./months";

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/** The revenue of one month in one currency, in minor units. */
function revenueIn(month: MonthlyReport["months"][number], currency: string): number {
  return month.figures.byCurrency.find((row) => row.currency === currency)?.revenueMinor ?? 0;
}

function othersNote(others: string[]): string {
  if (others.length === 0) return "";
  const names = others.length === 1 ? others[0] : `${others.slice(0, -1).join(", ")} and ${others.at(-1)}`;
  return ` Revenue in ${names} is not added in (currencies are never mixed): the table below shows it.`;
}

/**
 * The monthly report as two pictures: teams confirmed per month, and revenue per month
 * in the currency most teams booked in. Each has its figures as a table too.
 */
export function MonthlyCharts({ report }: { report: MonthlyReport }) {
  const [main = "DKK", ...others] = report.currencies;
  const period = rangeLabel(report.range);
  const teams = report.months.map((month) => `${monthLabel(month.month)}: ${month.figures.teamsConfirmed}`);
  const revenue = report.months.map(
    (month) => `${monthLabel(month.month)}: ${formatMoney(revenueIn(month, main), main)}`,
  );
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <BarChart
        headingLevel="h3"
        title="Teams confirmed per month"
        description="Confirmed teams of the events held each month."
        summary={`Bar chart of teams confirmed per month, ${period}, ${plural(report.total.teamsConfirmed, "team")} in total. ${teams.join(", ")}.`}
        labelHeading="Month"
        valueHeading="Teams confirmed"
        bars={report.months.map((month) => ({
          key: month.month,
          label: shortMonthLabel(month.month),
          rowLabel: monthLabel(month.month),
          value: month.figures.teamsConfirmed,
        }))}
      />
      <BarChart
        headingLevel="h3"
        title={`Revenue per month (${main})`}
        description={`Confirmed teams times the price, in ${main}.${othersNote(others)}`}
        summary={`Bar chart of revenue in ${main} per month, ${period}. ${revenue.join(", ")}.`}
        labelHeading="Month"
        valueHeading={`Revenue ${main}`}
        bars={report.months.map((month) => ({
          key: month.month,
          label: shortMonthLabel(month.month),
          rowLabel: monthLabel(month.month),
          // The bar's label above it reads in whole units; the table keeps the exact amount.
          value: Math.round(Number(decimalAmount(revenueIn(month, main), main))),
          display: formatMoney(revenueIn(month, main), main),
        }))}
      />
    </div>
  );
}
