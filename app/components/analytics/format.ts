import type { CurrencyAmount } from "#server/analytics/partner-analytics";
import { INTL_LOCALE } from "~/lib/i18n/locale";
import { formatMoney } from "~/lib/money";
import { m } from "~/paraglide/messages";
import { getLocale, type Locale } from "~/paraglide/runtime";

// Day keys name a Copenhagen calendar day already; read as UTC midnight they print as that day.
// English days read as the rest of the site writes them ("June 15, 2027", as ~/lib/dates does).
const DAY_TAG: Record<Locale, string> = { en: "en-US", da: INTL_LOCALE.da };

type DayFormats = { short: Intl.DateTimeFormat; long: Intl.DateTimeFormat };
const dayFormats = new Map<Locale, DayFormats>();

function formatsFor(locale: Locale): DayFormats {
  let formats = dayFormats.get(locale);
  if (!formats) {
    const tag = DAY_TAG[locale];
    formats = {
      short: new Intl.DateTimeFormat(tag, { timeZone: "UTC", month: "short", day: "numeric" }),
      long: new Intl.DateTimeFormat(tag, { timeZone: "UTC", month: "long", day: "numeric", year: "numeric" }),
    };
    dayFormats.set(locale, formats);
  }
  return formats;
}

const dayInstant = (day: string) => new Date(`${day}T00:00:00Z`);

/** "2027-06-15" as "Jun 15"; "15. jun." */
export const shortDay = (day: string): string => formatsFor(getLocale()).short.format(dayInstant(day));

/** "2027-06-15" as "June 15, 2027"; "15. juni 2027". */
export const longDay = (day: string): string => formatsFor(getLocale()).long.format(dayInstant(day));

/** A number that is already a percentage ("12.5%"; "12,5 %"). */
export function percentValue(value: number): string {
  return m.analytics_percent({ value: value.toLocaleString(INTL_LOCALE[getLocale()]) });
}

/** A ratio as a percentage with at most one decimal ("12.5%"), or "—" when there is none. */
export function percent(ratio: number | null): string {
  if (ratio === null) return "—";
  return percentValue(Math.round(ratio * 1000) / 10);
}

/** Amounts in several currencies side by side ("DKK 25,000.00 · £1,200.00"), never added up. */
export function amounts(values: CurrencyAmount[], pick: (value: CurrencyAmount) => number): string {
  if (values.length === 0) return "—";
  return values.map((value) => formatMoney(pick(value), value.currency)).join(" · ");
}
