import { BarChart } from "~/components/charts/bar-chart";
import { decimalAmount, formatMoney } from "~/lib/money";
import type { MonthlyReport } from "#server/reports/monthly-report";
import { m } from "~/paraglide/messages";
import { monthLabel, rangeLabel, shortMonthLabel } from "./months";

/** The revenue of one month in one currency, in minor units. */
function revenueIn(month: MonthlyReport["months"][number], currency: string): number {
  return month.figures.byCurrency.find((row) => row.currency === currency)?.revenueMinor ?? 0;
}

function othersNote(others: string[]): string {
  const last = others.at(-1);
  if (last === undefined) return "";
  const names =
    others.length === 1 ? last : m.reports_list_and({ first: others.slice(0, -1).join(", "), last });
  return m.reports_others_note({ names });
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
        title={m.reports_teams_chart_title()}
        description={m.reports_teams_chart_description()}
        summary={m.reports_teams_chart_summary({
          period,
          total: m.reports_teams_count({ count: report.total.teamsConfirmed }),
          list: teams.join(", "),
        })}
        labelHeading={m.reports_month()}
        valueHeading={m.reports_teams_confirmed()}
        bars={report.months.map((month) => ({
          key: month.month,
          label: shortMonthLabel(month.month),
          rowLabel: monthLabel(month.month),
          value: month.figures.teamsConfirmed,
        }))}
      />
      <BarChart
        headingLevel="h3"
        title={m.reports_revenue_chart_title({ currency: main })}
        description={m.reports_revenue_chart_description({ currency: main, others: othersNote(others) })}
        summary={m.reports_revenue_chart_summary({ currency: main, period, list: revenue.join(", ") })}
        labelHeading={m.reports_month()}
        valueHeading={m.reports_revenue_in({ currency: main })}
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
