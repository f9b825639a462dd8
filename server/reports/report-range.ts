import { copenhagenDate } from "~/lib/calendar-date";
import { copenhagenTime } from "~/lib/dates";
import { m } from "~/paraglide/messages";

/** A calendar month as the address writes it: "2027-06". */
export type MonthKey = string;

/** The months a report covers, both included. */
export type ReportRange = { from: MonthKey; to: MonthKey };

/** What was wrong with the address's months, each under its field. */
export type RangeProblems = { from?: string; to?: string };

/** A range typed with one end only covers this many months. */
const DEFAULT_MONTHS = 12;
/** The default range reaches this many months past this one: bookings are for events to come. */
const MONTHS_AHEAD = 12;
export const MAX_MONTHS = 36;

type Month = { year: number; month: number };

const MONTH = /^(\d{4})-(\d{2})$/;

function parseMonth(value: string): Month | null {
  const match = MONTH.exec(value);
  if (!match) return null;
  const [year, month] = match.slice(1).map(Number) as [number, number];
  if (year < 1900 || month < 1 || month > 12) return null;
  return { year, month };
}

const keyOf = ({ year, month }: Month): MonthKey => `${year}-${String(month).padStart(2, "0")}`;

/** The month `count` months after `from` (before, when negative). */
function addMonths({ year, month }: Month, count: number): Month {
  const index = year * 12 + (month - 1) + count;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

const monthsBetween = (from: Month, to: Month) => (to.year - from.year) * 12 + (to.month - from.month) + 1;

const thisMonthOf = (now: Date): Month => {
  const { year, month } = copenhagenDate(now);
  return { year, month };
};

/**
 * The default: the past twelve months, this one (in Copenhagen) included, which hold the
 * events held, and the twelve ahead, which hold the events people have booked.
 */
export function defaultRange(now: Date): ReportRange {
  const thisMonth = thisMonthOf(now);
  return {
    from: keyOf(addMonths(thisMonth, 1 - DEFAULT_MONTHS)),
    to: keyOf(addMonths(thisMonth, MONTHS_AHEAD)),
  };
}

/** Every month of the range, oldest first. */
export function monthsOf(range: ReportRange): MonthKey[] {
  const from = parseMonth(range.from);
  const to = parseMonth(range.to);
  if (!from || !to) throw new Error(`Not a report range: ${range.from}…${range.to}`);
  return Array.from({ length: monthsBetween(from, to) }, (_, index) => keyOf(addMonths(from, index)));
}

/** The instants the range covers: from 0:00 on the first day of `from` in Copenhagen until the month after `to` begins. */
export function rangeBounds(range: ReportRange): { start: Date; end: Date } {
  const from = parseMonth(range.from);
  const to = parseMonth(range.to);
  if (!from || !to) throw new Error(`Not a report range: ${range.from}…${range.to}`);
  const after = addMonths(to, 1);
  return { start: copenhagenTime(from.year, from.month, 1), end: copenhagenTime(after.year, after.month, 1) };
}

/**
 * The report's months from the address (`from`, `to`, each YYYY-MM). Neither gives the
 * default range; a missing `to` is
 * this month (or `from`, when that is later); a missing `from` is eleven months before
 * `to`. Anything not understood, a `to` before `from` or more than 36 months gives the
 * default range, with the reason under the field at fault, so a hand-edited address
 * still shows a report.
 */
export function readReportRange(
  params: URLSearchParams,
  now: Date,
): { range: ReportRange; problems: RangeProblems; values: { from: string; to: string } } {
  const typedFrom = (params.get("from") ?? "").trim();
  const typedTo = (params.get("to") ?? "").trim();
  const fallback = defaultRange(now);
  const problems: RangeProblems = {};

  const from = typedFrom === "" ? null : parseMonth(typedFrom);
  const to = typedTo === "" ? null : parseMonth(typedTo);
  if (typedFrom !== "" && !from) problems.from = m.err_report_not_a_month();
  if (typedTo !== "" && !to) problems.to = m.err_report_not_a_month();
  if (problems.from || problems.to)
    return { range: fallback, problems, values: { from: typedFrom, to: typedTo } };

  if (!from && !to) return { range: fallback, problems, values: fallback };
  const thisMonth = thisMonthOf(now);
  const end = to ?? (from && keyOf(from) > keyOf(thisMonth) ? from : thisMonth);
  const start = from ?? addMonths(end, 1 - DEFAULT_MONTHS);
  // The message goes under the field the person typed, `to` when both were.
  const atFault: keyof RangeProblems = to ? "to" : "from";
  if (keyOf(start) > keyOf(end)) {
    problems[atFault] = m.err_report_to_before_from();
  } else if (monthsBetween(start, end) > MAX_MONTHS) {
    problems[atFault] = m.err_report_range_too_long({ months: MAX_MONTHS });
  }
  if (problems.from || problems.to)
    return { range: fallback, problems, values: { from: typedFrom, to: typedTo } };

  const range = { from: keyOf(start), to: keyOf(end) };
  return { range, problems, values: range };
}
