import {
  addDays,
  copenhagenDate,
  dateKey,
  isoWeekNumber,
  mondayOf,
  type CalendarDate,
} from "~/lib/calendar-date";
import { copenhagenTime } from "~/lib/dates";
import { m } from "~/paraglide/messages";

/** A stretch of Copenhagen days, both ends included, as "2027-06-15". */
export type DayRange = { from: string; to: string };

/** What the page says next to a date field it could not use. */
export type RangeProblems = { from?: string; to?: string };

const DEFAULT_DAYS = 30;
/** A year, leap day included, so "the same day last year until today" still fits. */
const MAX_RANGE_DAYS = 366;
/** Up to about two months a bar per day stays readable; beyond that a bar per week. */
const DAILY_UP_TO_DAYS = 62;

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A `<input type="date">` value as a calendar day, or null when it is not a real date. */
export function parseDay(value: string): CalendarDate | null {
  const match = DAY_PATTERN.exec(value);
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  // Date.UTC reads years below 100 as 19xx, so such days would not survive the round trip.
  if (year < 1900 || month < 1 || month > 12 || day < 1) return null;
  if (new Date(Date.UTC(year, month - 1, day)).getUTCDate() !== day) return null;
  return { year, month, day };
}

/** Whole days from `from` to `to` (0 for the same day). */
function daysFrom(from: CalendarDate, to: CalendarDate): number {
  return Math.round(
    (Date.UTC(to.year, to.month - 1, to.day) - Date.UTC(from.year, from.month - 1, from.day)) / DAY_MS,
  );
}

/** The last 30 days up to and including today in Copenhagen. */
export function defaultRange(now: Date): DayRange {
  const today = copenhagenDate(now);
  return { from: dateKey(addDays(today, -(DEFAULT_DAYS - 1))), to: dateKey(today) };
}

type RangeReading = {
  /** The days the figures cover: those asked for, or the default when they could not be used. */
  range: DayRange;
  /** What the address asked for, so the fields show it back next to their message. */
  asked: { from: string; to: string };
  problems: RangeProblems;
};

/**
 * The range from the address (`from`, `to`). A date that is not a real day, an end before
 * the start or more than MAX_RANGE_DAYS days each get a message next to their field, and
 * the figures fall back to the last 30 days rather than failing. A missing end is today;
 * a missing start is 30 days before the end.
 */
export function readDateRange(params: URLSearchParams, now: Date): RangeReading {
  const fallback = defaultRange(now);
  const asked = { from: (params.get("from") ?? "").trim(), to: (params.get("to") ?? "").trim() };
  const problems: RangeProblems = {};
  const notADay = m.err_range_not_a_day();

  const to = asked.to === "" ? copenhagenDate(now) : parseDay(asked.to);
  if (!to) problems.to = notADay;
  const from = asked.from === "" ? (to ? addDays(to, -(DEFAULT_DAYS - 1)) : null) : parseDay(asked.from);
  if (asked.from !== "" && !from) problems.from = notADay;

  if (from && to) {
    const span = daysFrom(from, to) + 1;
    if (span < 1 && asked.to === "") problems.from = m.err_range_start_future();
    else if (span < 1) problems.to = m.err_range_end_before_start();
    else if (span > MAX_RANGE_DAYS) problems.from = m.err_range_too_long({ days: MAX_RANGE_DAYS });
  }
  if (!from || !to || problems.from || problems.to) return { range: fallback, asked, problems };
  return { range: { from: dateKey(from), to: dateKey(to) }, asked, problems };
}

/** The range as instants: from 00:00 of its first day up to (not including) 00:00 after its last. */
export function rangeInstants(range: DayRange): { start: Date; end: Date } {
  const first = parseDay(range.from);
  const last = parseDay(range.to);
  if (!first || !last) throw new Error(`Not a day range: ${range.from}–${range.to}`);
  const after = addDays(last, 1);
  return {
    start: copenhagenTime(first.year, first.month, first.day),
    end: copenhagenTime(after.year, after.month, after.day),
  };
}

/** One bar of a chart: a day, or a week (Monday to Sunday) cut to the range at either end. */
export type Bucket = { from: string; to: string; week: number | null };

/** The chart's bars over the range: a bar per day up to DAILY_UP_TO_DAYS days, a bar per week above. */
export function chartBuckets(range: DayRange): Bucket[] {
  const first = parseDay(range.from);
  const last = parseDay(range.to);
  if (!first || !last) throw new Error(`Not a day range: ${range.from}–${range.to}`);
  const days = daysFrom(first, last) + 1;
  if (days <= DAILY_UP_TO_DAYS) {
    return Array.from({ length: days }, (_, index) => {
      const day = dateKey(addDays(first, index));
      return { from: day, to: day, week: null };
    });
  }
  const buckets: Bucket[] = [];
  for (let monday = mondayOf(first); daysFrom(monday, last) >= 0; monday = addDays(monday, 7)) {
    const start = daysFrom(first, monday) > 0 ? monday : first;
    const sunday = addDays(monday, 6);
    const end = daysFrom(sunday, last) > 0 ? sunday : last;
    buckets.push({ from: dateKey(start), to: dateKey(end), week: isoWeekNumber(monday) });
  }
  return buckets;
}

/**
 * Counts per day ("2027-06-15" → n) summed into the buckets, zero where no row fell.
 * Days outside every bucket are left out.
 */
export function fillBuckets(buckets: Bucket[], perDay: { day: string; count: number }[]): number[] {
  const totals = buckets.map(() => 0);
  for (const { day, count } of perDay) {
    // The keys sort as dates, so plain string comparison places a day in its bucket.
    const index = buckets.findIndex((bucket) => bucket.from <= day && day <= bucket.to);
    if (index >= 0) totals[index]! += count;
  }
  return totals;
}
