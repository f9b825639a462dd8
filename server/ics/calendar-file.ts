import type { EventRow } from "#server/db/rows";
import { formatAddress } from "~/lib/address";
import { localizeTexts } from "~/lib/content-language";
import { BASE_LOCALE, localizedPath } from "~/lib/i18n/locale";
import { bookingCalendarPath } from "~/lib/paths";
import { m } from "~/paraglide/messages";
import { getLocale, type Locale } from "~/paraglide/runtime";

/**
 * An event in a visitor's calendar, three ways from one description: an RFC 5545 file
 * (local times in Europe/Copenhagen with the zone's definition included, a UID that stays
 * the same across downloads and a SEQUENCE that rises when the time, place or status
 * changes, so calendars replace the entry rather than add one; CRLF line ends, escaped text and lines folded at 75 octets),
 * and links that open Google Calendar's and Outlook's new-event forms filled in.
 */
export type CalendarEvent = {
  id: string;
  title: string;
  description: string;
  location: string;
  url: string;
  organizerName: string;
  startsAt: Date;
  endsAt: Date;
  updatedAt: Date;
  /** Raised with every change of time, place or status: a later file replaces the entry. */
  sequence: number;
  cancelled?: boolean;
  /** A booking's reference (RCL-7K3Q9P), when the file is for one team's booking. */
  bookingReference?: string;
  /**
   * The language of the file's own words ("Booking reference") and of the event page it
   * links: the booking's for a booking's file, the page's for the public one (ADR 033).
   * The partner's texts are in it too where translated (ADR 034). English when not given.
   */
  locale?: Locale;
};

/** The event's columns a calendar shows. */
export type CalendarFields = Pick<
  EventRow,
  | "id"
  | "slug"
  | "language"
  | "title"
  | "titleTranslation"
  | "description"
  | "descriptionTranslation"
  | "location"
  | "locationTranslation"
  | "locationDetails"
  | "locationDetailsTranslation"
  | "startsAt"
  | "endsAt"
  | "updatedAt"
  | "status"
  | "calendarSequence"
>;

/**
 * The event as calendars show it; with a booking, its reference is in the description.
 * In `locale`, the page's language unless a booking's is given; the partner's texts in it
 * where they are translated, as written otherwise.
 */
export function calendarEventOf(
  event: CalendarFields,
  organizerName: string,
  baseUrl: string,
  bookingReference?: string,
  locale: Locale = getLocale(),
): CalendarEvent {
  const shown = localizeTexts(event, locale);
  return {
    id: event.id,
    title: shown.title,
    description: shown.description,
    location: formatAddress(shown),
    url: `${baseUrl}${localizedPath(`/events/${event.slug}`, locale)}`,
    organizerName,
    startsAt: event.startsAt,
    endsAt: event.endsAt,
    updatedAt: event.updatedAt,
    sequence: event.calendarSequence,
    cancelled: event.status === "cancelled",
    bookingReference,
    locale,
  };
}

const TIME_ZONE = "Europe/Copenhagen";

// The zone's current rules (CET/CEST, EU daylight saving since 1996).
const VTIMEZONE = [
  "BEGIN:VTIMEZONE",
  `TZID:${TIME_ZONE}`,
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:+0100",
  "TZOFFSETTO:+0200",
  "TZNAME:CEST",
  "DTSTART:19700329T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:+0200",
  "TZOFFSETTO:+0100",
  "TZNAME:CET",
  "DTSTART:19701025T030000",
  "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
];

// Built once: creating an Intl formatter costs far more than using one.
const wallClock = new Intl.DateTimeFormat("en-GB", {
  timeZone: TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** 20270615T090000: the wall-clock time in Copenhagen. */
function localDateTime(instant: Date): string {
  const parts = wallClock.formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((part) => part.type === type)?.value ?? "00";
  return `${get("year")}${get("month")}${get("day")}T${get("hour")}${get("minute")}${get("second")}`;
}

/** 20270615T070000Z */
function utcDateTime(instant: Date): string {
  return instant
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/** TEXT values escape backslash, semicolon, comma and newlines (RFC 5545 §3.3.11). */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/** Parameter values (CN=…) are quoted; a double quote cannot appear inside one at all. */
function quoteParam(value: string): string {
  return `"${value.replace(/["\r\n]/g, "")}"`;
}

/** Folds a content line into chunks of at most 75 octets, never splitting a character. */
export function foldLine(line: string): string {
  // Most lines are short ASCII: one length check instead of a walk over every character.
  if (Buffer.byteLength(line) <= 75) return line;
  const chunks: string[] = [];
  let current = "";
  let size = 0;
  for (const char of line) {
    const codePoint = char.codePointAt(0) ?? 0;
    const charSize = codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
    const limit = chunks.length === 0 ? 75 : 74; // continuation lines start with a space
    if (size + charSize > limit) {
      chunks.push(current);
      current = "";
      size = 0;
    }
    current += char;
    size += charSize;
  }
  chunks.push(current);
  return chunks.join("\r\n ");
}

/** The booking's reference, the event's description and its page's address, as every calendar shows them. */
function descriptionOf(event: CalendarEvent): string {
  return [
    event.bookingReference &&
      m.ics_booking_reference({ reference: event.bookingReference }, { locale: event.locale ?? BASE_LOCALE }),
    event.description,
    event.url,
  ]
    .filter(Boolean)
    .join("\n\n");
}

export function eventCalendar(event: CalendarEvent, now = new Date()): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Rethink Corporate Life//Events//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    ...VTIMEZONE,
    "BEGIN:VEVENT",
    `UID:event-${event.id}@rethinkcorporatelife.dk`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${utcDateTime(now)}`,
    `LAST-MODIFIED:${utcDateTime(event.updatedAt)}`,
    `DTSTART;TZID=${TIME_ZONE}:${localDateTime(event.startsAt)}`,
    `DTEND;TZID=${TIME_ZONE}:${localDateTime(event.endsAt)}`,
    `SUMMARY:${escapeText(event.title)}`,
    `DESCRIPTION:${escapeText(descriptionOf(event))}`,
    `LOCATION:${escapeText(event.location)}`,
    `URL:${event.url}`,
    `ORGANIZER;CN=${quoteParam(event.organizerName)}:mailto:hello@rethinkcorporatelife.dk`,
    `STATUS:${event.cancelled ? "CANCELLED" : "CONFIRMED"}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}

/** Where a visitor can put the event: the .ics file, and Google's and Outlook's forms. */
export type CalendarLinks = { ics: string; google: string; outlook: string };

/** A query string with every value percent-encoded: spaces as %20, which both services read. */
function query(params: Record<string, string>): string {
  return Object.entries(params)
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join("&");
}

/** 2027-06-15T07:00:00Z: Outlook reads a time without a zone in the viewer's own zone. */
function utcIso(instant: Date): string {
  return instant.toISOString().replace(/\.\d{3}/, "");
}

/**
 * The .ics file's path (`ics`), and the addresses of Google Calendar's and Outlook's
 * new-event forms with the file's title, times, place and description. Google gets the
 * Copenhagen wall-clock times with the zone (`ctz`), so the event keeps its zone; Outlook's
 * form has no zone parameter and gets the instants in UTC, which it shows in the viewer's
 * zone. Either way the times are right on both sides of a daylight-saving change.
 */
export function calendarLinks(event: CalendarEvent, ics: string): CalendarLinks {
  const description = descriptionOf(event);
  const google = query({
    action: "TEMPLATE",
    text: event.title,
    dates: `${localDateTime(event.startsAt)}/${localDateTime(event.endsAt)}`,
    details: description,
    location: event.location,
    ctz: TIME_ZONE,
  });
  const outlook = query({
    path: "/calendar/action/compose",
    rru: "addevent",
    subject: event.title,
    startdt: utcIso(event.startsAt),
    enddt: utcIso(event.endsAt),
    body: description,
    location: event.location,
  });
  return {
    ics,
    google: `https://calendar.google.com/calendar/render?${google}`,
    outlook: `https://outlook.live.com/calendar/0/action/compose?${outlook}`,
  };
}

/**
 * A booking's calendar: its own file, with its reference, and the links with the same
 * description, in the booking's language (the file's is; see its route).
 */
export function bookingCalendarLinks(
  booking: { id: string; reference: string; language?: Locale },
  event: CalendarFields,
  organizerName: string,
  baseUrl: string,
): CalendarLinks {
  return calendarLinks(
    calendarEventOf(event, organizerName, baseUrl, booking.reference, booking.language),
    bookingCalendarPath(booking.id),
  );
}
