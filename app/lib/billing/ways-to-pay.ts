import type { events } from "#server/db/schema";
import { m } from "~/paraglide/messages";

/** How an event's bookers may pay: by invoice, online at once (card, MobilePay), or either. */
export type WaysToPay = (typeof events.$inferSelect)["paymentMethods"];

/** The choices in the editor's order. */
export const WAYS_TO_PAY = ["invoice", "online", "both"] as const satisfies readonly WaysToPay[];

/** Each choice as the editor offers it. */
export const WAYS_TO_PAY_CHOICES: Record<WaysToPay, () => string> = {
  invoice: m.ways_to_pay_invoice,
  online: m.ways_to_pay_online,
  both: m.ways_to_pay_both,
};

/** The ways to pay as a booker reads them on the event page and in the review. */
export function waysToPayText(ways: WaysToPay): string {
  return ways === "both" ? m.ways_to_pay_shown_both() : WAYS_TO_PAY_CHOICES[ways]();
}

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
