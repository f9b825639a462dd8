import type { Database } from "#server/db/client";
import {
  assertReportReader,
  currencyOrder,
  figuresInRange,
  FiguresTotal,
  type Figures,
  type ReportRequest,
} from "./event-figures";
import { monthsOf, type MonthKey, type ReportRange } from "./report-range";

export type MonthlyReport = {
  range: ReportRange;
  /** The currencies met in the range, the most used first (see `currencyOrder`). */
  currencies: string[];
  /** Every month of the range, oldest first; a month without events has zeros. */
  months: { month: MonthKey; figures: Figures }[];
  total: Figures;
};

/** The site's figures per month of the range, each event counted in the month it starts in Copenhagen. */
export async function monthlyReport(
  db: Database,
  { actor, range, now = new Date(), figures }: ReportRequest,
): Promise<MonthlyReport> {
  assertReportReader(actor);
  const perMonth = new Map(monthsOf(range).map((month) => [month, new FiguresTotal()]));
  const total = new FiguresTotal();
  for (const row of await (figures ?? figuresInRange(db, { actor, range, now }))) {
    if (row.month === null) continue;
    perMonth.get(row.month)?.addCurrency(row);
    total.addCurrency(row);
  }
  const currencies = currencyOrder(total);
  return {
    range,
    currencies,
    months: [...perMonth].map(([month, figures]) => ({ month, figures: figures.figures(currencies) })),
    total: total.figures(currencies),
  };
}
