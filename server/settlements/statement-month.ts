import { addDays, copenhagenDate, dateKey } from "~/lib/calendar-date";
import { copenhagenTime } from "~/lib/dates";

/** A statement's month as its first day, "2027-05-01", the form `partner_statements.month` keeps. */
export type StatementMonth = string;

/** The month Copenhagen's calendar shows at `now`, as its first day. */
export function monthOf(now: Date): StatementMonth {
  const { year, month } = copenhagenDate(now);
  return dateKey({ year, month, day: 1 });
}

/** The first day of the month after `month`. */
export function nextMonth(month: StatementMonth): StatementMonth {
  const [year, number] = month.split("-").map(Number) as [number, number];
  return number === 12
    ? dateKey({ year: year + 1, month: 1, day: 1 })
    : dateKey({ year, month: number + 1, day: 1 });
}

/** The first day of the month before `month`. */
export function previousMonth(month: StatementMonth): StatementMonth {
  const [year, number] = month.split("-").map(Number) as [number, number];
  return number === 1
    ? dateKey({ year: year - 1, month: 12, day: 1 })
    : dateKey({ year, month: number - 1, day: 1 });
}

/**
 * The instant the month begins on Copenhagen's clock: midnight of its first day, in summer
 * or winter time. A month's payments and refunds are those stamped from its start to the
 * next month's, so the months' windows meet without a gap or an overlap.
 */
export function monthStart(month: StatementMonth): Date {
  const [year, number] = month.split("-").map(Number) as [number, number];
  return copenhagenTime(year, number, 1);
}

/** The month's last day: a commission invoice's delivery date. */
export function lastDayOf(month: StatementMonth): string {
  const [year, number] = nextMonth(month).split("-").map(Number) as [number, number];
  return dateKey(addDays({ year, month: number, day: 1 }, -1));
}

/** "2027-05": the reference a statement and its commission invoice carry. */
export const monthReference = (month: StatementMonth) => month.slice(0, 7);

/** "May 2027" or "maj 2027". */
export function formatStatementMonth(month: StatementMonth, locale: "en" | "da"): string {
  const [year, number] = month.split("-").map(Number) as [number, number];
  return new Intl.DateTimeFormat(locale === "da" ? "da-DK" : "en-GB", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(Date.UTC(year, number - 1, 1)));
}
