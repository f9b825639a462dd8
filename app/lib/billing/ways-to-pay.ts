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
