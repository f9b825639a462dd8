import { momsOf, percentOf } from "~/lib/billing/moms";

/** Net and moms in øre: what credit notes have not yet taken off an invoice, or what one takes. */
export type NetAndMoms = { netMinor: number; vatMinor: number };

/**
 * Net øre to credit; "rest" credits everything left; a percent (a cancellation policy's
 * share) credits that share of the invoice's net, at most what is left.
 */
export type CreditAmount = number | "rest" | { percent: number };

/**
 * The net and moms a credit takes off an invoice whose net was `invoiceNetMinor` and of which
 * `left` is not yet credited. The whole rest takes exactly the moms left, and no credit more
 * moms than is left, so the credits of an invoice never add up to more than it. Shared by the
 * credit note and the refund a booker is shown before cancelling, so the two never differ.
 * The net is not checked against what is left: the caller refuses a number above it.
 */
export function creditAmounts(
  amount: CreditAmount,
  invoiceNetMinor: number,
  left: NetAndMoms,
  vatPercent: number,
): NetAndMoms {
  const netMinor =
    amount === "rest"
      ? left.netMinor
      : typeof amount === "number"
        ? amount
        : amount.percent >= 100
          ? left.netMinor
          : Math.min(percentOf(invoiceNetMinor, amount.percent), left.netMinor);
  const vatMinor =
    netMinor === left.netMinor ? left.vatMinor : Math.min(momsOf(netMinor, vatPercent), left.vatMinor);
  return { netMinor, vatMinor };
}
