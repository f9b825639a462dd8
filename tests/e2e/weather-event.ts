/**
 * The event the weather test moves, which the global setup adds (data-dir.ts): published,
 * of the demo partner's club, three weeks ahead, with an approved backup date a week later.
 */
export const WEATHER_EVENT = {
  slug: "germania-storm-regatta",
  title: "Germania Storm Regatta",
  daysAhead: 21,
  backupDaysLater: 7,
  partnerSlug: "frankfurter-rg-germania",
} as const;
