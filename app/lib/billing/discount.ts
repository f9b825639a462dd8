/**
 * A discount code's reduction of a team's net price, in whole øre, shared by the booking
 * (`server/discounts/claim-discount-code.ts`) and any page that previews a price, so what a
 * page shows is what the invoice's discount line takes off.
 */

/** A code's value: a percentage of the net price, or a fixed net amount in øre. */
type DiscountValue = { kind: "percent"; percent: number } | { kind: "amount"; amountMinor: number };

/**
 * The øre a code takes off `priceMinor` (net): a percentage rounded half up to the øre, or
 * the amount, never more than the price, so a discounted place never costs less than nothing.
 */
export function discountOf(priceMinor: number, value: DiscountValue): number {
  if (!Number.isSafeInteger(priceMinor) || priceMinor < 0) {
    throw new RangeError(`A discount needs a price in whole øre (${priceMinor}).`);
  }
  if (value.kind === "percent") {
    if (!Number.isInteger(value.percent) || value.percent < 1 || value.percent > 100) {
      throw new RangeError(`A discount of ${value.percent} % is not between 1 and 100.`);
    }
    return Math.floor((priceMinor * value.percent + 50) / 100);
  }
  if (!Number.isSafeInteger(value.amountMinor) || value.amountMinor <= 0) {
    throw new RangeError(`A discount of ${value.amountMinor} øre is not a positive amount.`);
  }
  return Math.min(value.amountMinor, priceMinor);
}

/**
 * Where a code stands now, as the Discount codes pages show and filter it: switched off,
 * not yet valid, past its end, at its usage limit, or usable.
 */
export const DISCOUNT_CODE_STATUSES = ["active", "scheduled", "expired", "used_up", "disabled"] as const;
export type DiscountCodeStatus = (typeof DISCOUNT_CODE_STATUSES)[number];
