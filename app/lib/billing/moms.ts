/**
 * Moms arithmetic on whole øre (ADR 035). Each line's moms is its net amount times the
 * rate, rounded half up to the øre; a document's moms is the sum of its lines', never a
 * second rounding of the total, so every total equals the sum of its lines exactly.
 */

/** The standard Danish rate; RCL's commission always carries it. */
const STANDARD_MOMS_PERCENT = 25;

/** A seller's moms status: registered (25 %) or exempt under momsloven § 13, stk. 1, nr. 5. */
export type VatStatus = "registered" | "exempt";

export function momsPercentFor(status: VatStatus): number {
  return status === "registered" ? STANDARD_MOMS_PERCENT : 0;
}

/**
 * `netMinor × percent / 100`, rounded half up (away from zero for negative amounts, so a
 * credit mirrors the invoice it reverses). Integer arithmetic: no binary fractions.
 */
export function momsOf(netMinor: number, percent: number): number {
  return percentOf(netMinor, percent);
}

/**
 * `amountMinor × percent / 100`, rounded half up to the øre (away from zero below it): a
 * rate's moms, or a policy's share of a price.
 */
export function percentOf(amountMinor: number, percent: number): number {
  if (!Number.isSafeInteger(amountMinor) || !Number.isInteger(percent)) {
    throw new RangeError(`A percentage needs whole øre and a whole percent (${amountMinor}, ${percent}).`);
  }
  const magnitude = Math.abs(amountMinor) * percent;
  const rounded = Math.floor((magnitude + 50) / 100);
  return amountMinor < 0 ? -rounded : rounded;
}

/** The price a buyer pays for a net amount: net plus its moms. */
export function grossOf(netMinor: number, percent: number): number {
  return netMinor + momsOf(netMinor, percent);
}
