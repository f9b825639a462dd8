import { momsOf, momsPercentFor, type VatStatus } from "~/lib/billing/moms";
import { statementFigures } from "#server/settlements/commission";

/**
 * What a booking costs, computed on the server only: the event's net price less the
 * booking's discount, with the seller's moms on what is left. It is exactly the gross of the
 * invoice the payment confirms (the discount line's moms makes the document's moms the
 * moms of the reduced net), so a payment and its invoice always agree to the øre.
 */
export function bookingAmount({
  priceMinor,
  discountMinor,
  vatStatus,
}: {
  priceMinor: number;
  discountMinor: number;
  vatStatus: VatStatus;
}): { netMinor: number; vatMinor: number; grossMinor: number } {
  const netMinor = Math.max(0, priceMinor - discountMinor);
  const vatMinor = momsOf(netMinor, momsPercentFor(vatStatus));
  return { netMinor, vatMinor, grossMinor: netMinor + vatMinor };
}

/**
 * RCL's commission on one booking, with its moms, as the application fee of a destination
 * charge: the same arithmetic as the monthly statement's (`statementFigures`), on this
 * booking's net. Basic partners pay none.
 */
export function applicationFeeOf(netMinor: number, revenueSharePercent: number | null): number {
  const figures = statementFigures({ netMinor, vatMinor: 0 }, revenueSharePercent);
  return figures.commissionNetMinor + figures.commissionVatMinor;
}
