/**
 * The event the online-payment test books, which the global setup adds (data-dir.ts): it
 * offers both ways to pay, keeps the default cancellation policy and starts 15 days after
 * the setup, so a booker cancelling during the run is inside the policy's 50 % window
 * (whole price until 30 days before, half until 8 days before). Its partner, the harbour
 * club, has confirmed billing and is exempt from moms, so the price is what is paid.
 */
export const CARD_EVENT = {
  slug: "harbour-card-sprint",
  title: "Harbour Card Sprint",
  daysAhead: 15,
  partnerSlug: "copenhagen-harbour-rowing-club",
  priceMinor: 300_000,
} as const;
