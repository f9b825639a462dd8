import { momsOf } from "~/lib/billing/moms";

/** RCL's commission always carries the standard rate, whatever the partner's own moms status. */
const COMMISSION_MOMS_PERCENT = 25;

export type StatementFigures = {
  /** Invoices less credit notes, each summed from its lines. */
  netMinor: number;
  vatMinor: number;
  grossMinor: number;
  /** The premium partner's share percent, or null for a basic partner (no commission). */
  revenueSharePercent: number | null;
  commissionNetMinor: number;
  commissionVatMinor: number;
  /** Gross sales less the commission with its moms. */
  partnerKeepsMinor: number;
};

/**
 * A month's figures from its sales (ADR 035, "Settlements"): the commission is the share
 * percent of the net sales, rounded half up to the øre, and 25 % moms on it, rounded
 * likewise (`momsOf`: integer arithmetic, so no binary fraction moves an øre). A month
 * whose credit notes exceed its invoices carries no commission: RCL credits nothing back
 * and carries nothing forward. The partner keeps its gross sales less the commission's gross.
 */
export function statementFigures(
  sales: { netMinor: number; vatMinor: number },
  revenueSharePercent: number | null,
): StatementFigures {
  const commissionNetMinor =
    revenueSharePercent !== null && sales.netMinor > 0 ? momsOf(sales.netMinor, revenueSharePercent) : 0;
  const commissionVatMinor = momsOf(commissionNetMinor, COMMISSION_MOMS_PERCENT);
  const grossMinor = sales.netMinor + sales.vatMinor;
  return {
    netMinor: sales.netMinor,
    vatMinor: sales.vatMinor,
    grossMinor,
    revenueSharePercent,
    commissionNetMinor,
    commissionVatMinor,
    partnerKeepsMinor: grossMinor - commissionNetMinor - commissionVatMinor,
  };
}
