import type { WaysToPay } from "./ways-to-pay";

/** How a booker pays: by invoice (bank transfer, EAN), or online at once (card, MobilePay). */
export type PaymentMethod = "invoice" | "online";

/**
 * The ways a booker may pay for a place: what the partner offers, except that a free
 * event takes no payment, and online payment waits until the partner's moms status is
 * confirmed (the price with moms is certain only then; ADR 035). The first is the default.
 */
export function paymentMethodsFor(
  offered: WaysToPay,
  { priceMinor, billingConfirmed }: { priceMinor: number; billingConfirmed: boolean },
): PaymentMethod[] {
  if (priceMinor === 0 || !billingConfirmed) return ["invoice"];
  // Invoice first, so it is chosen until the booker picks paying now: a Danish company's
  // usual way, and the one every booking had before online payment.
  if (offered === "both") return ["invoice", "online"];
  return [offered];
}
