import { SITE_TIME_ZONE } from "~/lib/dates";

/** A day on Copenhagen's calendar, free of any time of day. */
export type CalendarDate = { year: number; month: number; day: number };

const DAY_MS = 24 * 60 * 60 * 1000;

const calendarFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: SITE_TIME_ZONE,
  year: "numeric",
  month: "numeric",
  day: "numeric",
});

/** The date Copenhagen's calendar shows at `instant`. */
export function copenhagenDate(instant: Date): CalendarDate {
  const parts = calendarFormat.formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value);
  return { year: get("year"), month: get("month"), day: get("day") };
}

// Calendar arithmetic runs on UTC midnights, where no day is longer than another.
const utcMidnight = ({ year, month, day }: CalendarDate) => Date.UTC(year, month - 1, day);

export function addDays(date: CalendarDate, days: number): CalendarDate {
  const moved = new Date(utcMidnight(date) + days * DAY_MS);
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

/** The Monday that starts `date`'s week, as PostgreSQL's date_trunc('week') counts weeks. */
export function mondayOf(date: CalendarDate): CalendarDate {
  const weekday = new Date(utcMidnight(date)).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

/** ISO 8601 week number: week 1 is the week that holds the year's first Thursday. */
export function isoWeekNumber(date: CalendarDate): number {
  const thursday = addDays(mondayOf(date), 3);
  const dayOfYear = (utcMidnight(thursday) - Date.UTC(thursday.year, 0, 1)) / DAY_MS;
  return Math.floor(dayOfYear / 7) + 1;
}

/** "2026-03-02", the form PostgreSQL's to_char(…, 'YYYY-MM-DD') gives. */
export function dateKey({ year, month, day }: CalendarDate): string {
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}
