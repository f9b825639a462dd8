import { INTL_LOCALE, type Locale } from "~/lib/i18n/locale";
import { m } from "~/paraglide/messages";
import { getLocale } from "~/paraglide/runtime";

// Report months are calendar months ("2027-06"), not instants: formatted at noon UTC on
// the first, a moment that falls in the same month in every time zone.
const at = (month: string) => new Date(`${month}-01T12:00:00Z`);

// In the page's language: "June 2027" and "Sep", "juni 2027" and "sep.". English keeps
// the US month abbreviations the reports always had ("Sep", where en-GB writes "Sept").
const TAGS: Record<Locale, string> = { ...INTL_LOCALE, en: "en-US" };

function buildFormats(tag: string) {
  return {
    long: new Intl.DateTimeFormat(tag, { month: "long", year: "numeric", timeZone: "UTC" }),
    short: new Intl.DateTimeFormat(tag, { month: "short", timeZone: "UTC" }),
  };
}

// Built once per language: a formatter costs far more to build than to use.
const FORMATS = { en: buildFormats(TAGS.en), da: buildFormats(TAGS.da) } satisfies Record<Locale, unknown>;

/** "June 2027" */
export const monthLabel = (month: string): string => FORMATS[getLocale()].long.format(at(month));

/** "Jun", for a chart's axis. */
export const shortMonthLabel = (month: string): string => FORMATS[getLocale()].short.format(at(month));

/** "January 2027 to June 2027", or the one month. */
export const rangeLabel = ({ from, to }: { from: string; to: string }): string =>
  from === to ? monthLabel(from) : m.reports_range({ from: monthLabel(from), to: monthLabel(to) });
