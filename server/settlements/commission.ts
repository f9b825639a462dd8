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

/** A payment as the settlement counts it. */
export type SettledPayment = {
  amountMinor: number;
  applicationFeeMinor: number;
  /** Paid to the partner's connected account (a destination charge), rather than to RCL. */
  destination: boolean;
};

/** A succeeded refund of a payment: `feeRefundedMinor` is its share of a destination charge's fee. */
export type SettledRefund = { payment: SettledPayment; amountMinor: number; feeRefundedMinor: number };

/**
 * The application fee each of a destination charge's refunds takes back, in the order they
 * were made (Stripe's `refund_application_fee`): the fee times the refund over the amount,
 * rounded half up, per refund. Never more than the fee still kept, and the refund that
 * returns the last of the amount returns the last of the fee, so a payment's refunded fees
 * never exceed its fee and a full refund returns all of it.
 */
export function refundedFeeShares(payment: SettledPayment, refundsMinor: readonly number[]): number[] {
  const fee = payment.destination ? payment.applicationFeeMinor : 0;
  let refunded = 0;
  let feeLeft = fee;
  return refundsMinor.map((refundMinor) => {
    refunded += refundMinor;
    const proportional = Math.floor(
      (2 * fee * refundMinor + payment.amountMinor) / (2 * payment.amountMinor),
    );
    const share = refunded >= payment.amountMinor ? feeLeft : Math.min(feeLeft, proportional);
    feeLeft -= share;
    return share;
  });
}

type OnlineFigures = {
  /** Payments RCL collected for the partner (no connected account), less their refunds. */
  onlineCollectedMinor: number;
  /** Application fees kept on destination charges, less the fees their refunds returned. */
  applicationFeesMinor: number;
  /** What RCL pays the partner; negative when the partner owes RCL. */
  payoutMinor: number;
};

/**
 * A month's online money (ADR 035, "Settlements"): RCL holds what was paid to it for the
 * partner, and has already kept part of its commission as application fees on charges to
 * the partner's own account. The commission invoice states the whole commission; what the
 * fees did not cover is set off against what RCL holds. The rest is the payout, or, when
 * negative, what the partner owes RCL.
 */
export function onlineFigures(
  month: { paid: readonly SettledPayment[]; refunds: readonly SettledRefund[] },
  commission: Pick<StatementFigures, "commissionNetMinor" | "commissionVatMinor">,
): OnlineFigures {
  let onlineCollectedMinor = 0;
  let applicationFeesMinor = 0;
  for (const payment of month.paid) {
    if (payment.destination) applicationFeesMinor += payment.applicationFeeMinor;
    else onlineCollectedMinor += payment.amountMinor;
  }
  for (const refund of month.refunds) {
    if (refund.payment.destination) applicationFeesMinor -= refund.feeRefundedMinor;
    else onlineCollectedMinor -= refund.amountMinor;
  }
  return {
    onlineCollectedMinor,
    applicationFeesMinor,
    payoutMinor:
      onlineCollectedMinor -
      (commission.commissionNetMinor + commission.commissionVatMinor - applicationFeesMinor),
  };
}
