import type { CurrencyAmount } from "#server/analytics/partner-analytics";
import { formatMoney } from "~/lib/money";

// Day keys name a Copenhagen calendar day already; read as UTC midnight they print as that day.
const dayFormat = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "short", day: "numeric" });
const longDayFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: "UTC",
  month: "long",
  day: "numeric",
  year: "numeric",
});

const dayInstant = (day: string) => new Date(`${day}T00:00:00Z`);

/** "2027-06-15" as "Jun 15". */
export const shortDay = (day: string): string => dayFormat.format(dayInstant(day));

/** "2027-06-15" as "June 15, 2027". */
export const longDay = (day: string): string => longDayFormat.format(dayInstant(day));

/** A ratio as a percentage with at most one decimal ("12.5%"), or "—" when there is none. */
export function percent(ratio: number | null): string {
  if (ratio === null) return "—";
  return `${(Math.round(ratio * 1000) / 10).toLocaleString("en-US")}%`;
}

/** Amounts in several currencies side by side ("DKK 25,000.00 · £1,200.00"), never added up. */
export function amounts(values: CurrencyAmount[], pick: (value: CurrencyAmount) => number): string {
  if (values.length === 0) return "—";
  return values.map((value) => formatMoney(pick(value), value.currency)).join(" · ");
}
