import { getLocale, type Locale } from "~/paraglide/runtime";

/**
 * Dates are stored as instants (timestamptz) and always shown in Denmark's time zone,
 * on the server and in the browser alike, so both render the same text, in the page's
 * language (ADR 033): "June 15, 2027, 9:00 AM" as the specification writes English, and
 * "15. juni 2027 kl. 9.00" as Danish is written.
 */
export const SITE_TIME_ZONE = "Europe/Copenhagen";

type DateFormats = { date: Intl.DateTimeFormat; time: Intl.DateTimeFormat };

function buildFormats(tag: string): DateFormats {
  return {
    date: new Intl.DateTimeFormat(tag, {
      timeZone: SITE_TIME_ZONE,
      day: "numeric",
      month: "long",
      year: "numeric",
    }),
    time: new Intl.DateTimeFormat(tag, { timeZone: SITE_TIME_ZONE, hour: "numeric", minute: "2-digit" }),
  };
}

// Building an Intl formatter costs far more than using one, and pages format many dates.
const FORMATS: Record<Locale, DateFormats> = { en: buildFormats("en-US"), da: buildFormats("da-DK") };

/** "June 15, 2027"; "15. juni 2027" */
export function formatDate(value: Date, locale: Locale = getLocale()): string {
  return FORMATS[locale].date.format(value);
}

/**
 * A calendar day kept as text ("2027-05-03", an invoice's dates) as `formatDate` writes
 * it: "May 3, 2027"; "3. maj 2027". Read at Copenhagen noon, so no zone moves the day.
 */
export function formatCalendarDay(day: string, locale: Locale = getLocale()): string {
  const [year, month, date] = day.split("-").map(Number);
  return formatDate(new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, date ?? 1, 10)), locale);
}

/** "9:00 AM - 5:00 PM"; "9.00–17.00" */
export function formatTimeRange(start: Date, end: Date, locale: Locale = getLocale()): string {
  return locale === "da"
    ? `${formatTime(start, locale)}–${formatTime(end, locale)}`
    : `${formatTime(start, locale)} - ${formatTime(end, locale)}`;
}

/** "9:00 AM"; "9.00". ICU puts a narrow no-break space before AM/PM, which we normalise. */
export function formatTime(value: Date, locale: Locale = getLocale()): string {
  return FORMATS[locale].time.format(value).replace(/\u202f/g, " ");
}

/** An instant as a deadline is shown: "June 1, 2027 at 9:00 AM"; "1. juni 2027 kl. 9.00". */
export function formatInstant(instant: Date, locale: Locale = getLocale()): string {
  return locale === "da"
    ? `${formatDate(instant, locale)} kl. ${formatTime(instant, locale)}`
    : `${formatDate(instant, locale)} at ${formatTime(instant, locale)}`;
}

/** The offset of `timeZone` from UTC at `instant`, in minutes. */
function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  }).formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value);
  const asUtc = Date.UTC(
    get("year"),
    get("month") - 1,
    get("day"),
    get("hour"),
    get("minute"),
    get("second"),
  );
  return Math.round((asUtc - instant.getTime()) / 60_000);
}

/** The instant at which Copenhagen's wall clock shows the given date and time. */
export function copenhagenTime(year: number, month: number, day: number, hour = 0, minute = 0): Date {
  const wallClock = Date.UTC(year, month - 1, day, hour, minute);
  // Two passes settle the offset even next to a daylight-saving change.
  let instant = wallClock - zoneOffsetMinutes(new Date(wallClock), SITE_TIME_ZONE) * 60_000;
  instant = wallClock - zoneOffsetMinutes(new Date(instant), SITE_TIME_ZONE) * 60_000;
  return new Date(instant);
}

const yearFormat = new Intl.DateTimeFormat("en-US", { timeZone: SITE_TIME_ZONE, year: "numeric" });

/** The calendar year in Copenhagen at `instant`. */
export function copenhagenYear(instant: Date): number {
  return Number(yearFormat.format(instant));
}

const INPUT_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * A `datetime-local` input's value ("2027-06-15T09:00") read as Copenhagen wall time,
 * or null when it is not a real date and time.
 */
export function parseCopenhagenInput(value: string): Date | null {
  const match = INPUT_PATTERN.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59) return null;
  // 31 February rolls over in Date.UTC; a real date survives the round trip.
  if (new Date(Date.UTC(year, month - 1, day)).getUTCDate() !== day) return null;
  return copenhagenTime(year, month, day, hour, minute);
}

const inputFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: SITE_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** An instant as a `datetime-local` value in Copenhagen time ("2027-06-15T09:00"). */
export function copenhagenInputValue(instant: Date): string {
  const parts = inputFormat.formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((part) => part.type === type)?.value ?? "";
  return `${get("year")}-${get("month")}-${get("day")}T${get("hour")}:${get("minute")}`;
}
