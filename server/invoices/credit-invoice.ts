import { and, eq, sql } from "drizzle-orm";
import { m } from "~/paraglide/messages";
import type { Transaction } from "#server/db/rows";
import { invoices } from "#server/db/schema";
import type { MailQueue } from "#server/email/enqueue-email";
import { AppError } from "#server/errors";
import { type CreditAmount, creditAmounts, type NetAndMoms } from "./credit-amounts";
import type { DocumentLine } from "./document";
import { type InvoiceRow, issueDocument } from "./issue-document";
import { partnerSeller, rclSeller } from "./sellers";
import { refundCredit } from "#server/online-payments/refund-credit";

/** The lock that orders what reduces one invoice: its credit notes and its payments. */
export const invoiceLockKey = (invoiceId: string) => `invoice:${invoiceId}`;

/** The invoice, locked against a concurrent credit, and what credit notes have not yet taken off it. */
async function lockRemaining(tx: Transaction, invoice: InvoiceRow): Promise<NetAndMoms> {
  // The series row is taken later; two credits, or a credit and a payment, of one invoice queue here.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${invoiceLockKey(invoice.id)}))`);
  const [credited] = await tx
    .select({
      netMinor: sql<number>`coalesce(sum(${invoices.netMinor}), 0)`.mapWith(Number),
      vatMinor: sql<number>`coalesce(sum(${invoices.vatMinor}), 0)`.mapWith(Number),
    })
    .from(invoices)
    .where(and(eq(invoices.creditsInvoiceId, invoice.id), eq(invoices.kind, "credit_note")));
  return {
    netMinor: invoice.netMinor - (credited?.netMinor ?? 0),
    vatMinor: invoice.vatMinor - (credited?.vatMinor ?? 0),
  };
}

export type CreditRequest = {
  invoice: InvoiceRow;
  /**
   * A percent is a cancellation policy's share: nothing when that is nothing, and otherwise
   * the credit note credits all that is left and charges the rest back as a cancellation fee line.
   */
  amount: CreditAmount;
  reason: string;
  issuedBy?: string;
  now: Date;
  /**
   * What the credit note gives back of an invoice paid online: its gross is refunded to the
   * card or MobilePay account it came from (`cancellation` unless said), in the same
   * transaction; `none` for a refund the provider already made, which the credit note records.
   */
  refund?: "cancellation" | "event_cancelled" | "none";
};

/**
 * A credit note against `invoice`, issued by its seller in its series and language. The
 * whole rest repeats the invoice's lines when nothing was credited before, so the credit
 * note mirrors it line by line; otherwise one line carries the amount. A policy's share
 * credits the rest and keeps the fee as a line of its own, so the credit note's total is
 * the share. Its moms never exceeds the moms left, so the credits of an invoice never add
 * up to more than it. Null when nothing is left to credit.
 */
export async function creditInvoice(
  tx: Transaction,
  jobs: MailQueue,
  { invoice, amount, reason, issuedBy, now, refund = "cancellation" }: CreditRequest,
): Promise<InvoiceRow | null> {
  if (invoice.kind !== "invoice") throw new Error(`${invoice.number} is not an invoice.`);
  const remaining = await lockRemaining(tx, invoice);
  if (remaining.netMinor <= 0 && remaining.vatMinor <= 0) {
    if (typeof amount !== "number") return null;
    throw nothingLeft();
  }
  const model = invoice.content.lines[0];
  if (!model) throw new Error(`${invoice.number} has no lines.`);
  const credited = creditAmounts(amount, invoice.netMinor, remaining, model.vatPercent);
  const { netMinor } = credited;
  if (typeof amount === "object" && netMinor <= 0) return null;
  if (!Number.isSafeInteger(netMinor) || netMinor <= 0) throw new Error(`Cannot credit ${netMinor} øre.`);
  if (netMinor > remaining.netMinor) throw tooLarge();
  const content = invoice.content;
  const untouched = remaining.netMinor === invoice.netMinor && remaining.vatMinor === invoice.vatMinor;
  const feeLines =
    typeof amount === "object" ? cancellationFeeLines(model, remaining, credited, invoice) : [];
  // A policy's credit first credits all that is left, so its fee stands as a line of its own.
  const lineAmounts = feeLines.length > 0 ? remaining : credited;
  const lines: DocumentLine[] = [
    ...(untouched && lineAmounts.netMinor === invoice.netMinor
      ? content.lines
      : [creditLine(model, lineAmounts, invoice)]),
    ...feeLines,
  ];
  // The series and its prefix as the seller keeps them now; the seller as printed on the
  // invoice, which the credit note corrects (its moms registration above all).
  const current = invoice.sellerPartnerId
    ? await partnerSeller(tx, invoice.sellerPartnerId, { confirmedOnly: false })
    : await rclSeller(tx);
  if (!current) throw new Error(`The seller of ${invoice.number} has no billing profile.`);
  const credit = await issueDocument(tx, jobs, {
    kind: "credit_note",
    purpose: invoice.purpose,
    terms: { ...current, seller: content.seller },
    buyer: content.buyer,
    lines,
    language: invoice.language,
    deliveryDate: invoice.deliveryDate,
    reference: content.reference,
    credits: invoice,
    reason,
    registrationId: invoice.registrationId ?? undefined,
    bookerUserId: invoice.bookerUserId ?? undefined,
    eventId: invoice.eventId ?? undefined,
    buyerPartnerId: invoice.buyerPartnerId ?? undefined,
    issuedBy,
    now,
  });
  if (refund !== "none") await refundCredit(tx, jobs, credit, invoice.id, refund);
  return credit;
}

function creditLine(model: DocumentLine, amounts: NetAndMoms, invoice: InvoiceRow): DocumentLine {
  return {
    description: m.invoice_line_credit_of(
      { invoice: invoice.number, line: model.description },
      { locale: invoice.language },
    ),
    quantity: 1,
    unitNetMinor: amounts.netMinor,
    netMinor: amounts.netMinor,
    vatCategory: model.vatCategory,
    vatPercent: model.vatPercent,
    vatMinor: amounts.vatMinor,
  };
}

/**
 * What a cancellation policy keeps of an invoice, as a line that takes it off the credit
 * note: −1 × the fee, since Peppol wants every price positive (BR-27). Its moms is the
 * difference between the moms left and the moms credited, so the credit note's total moms
 * is the credit's own (BR-CO-17 stays exact). None when the policy keeps nothing.
 */
function cancellationFeeLines(
  model: DocumentLine,
  remaining: NetAndMoms,
  credited: NetAndMoms,
  invoice: InvoiceRow,
): DocumentLine[] {
  const feeNet = remaining.netMinor - credited.netMinor;
  if (feeNet <= 0 || credited.netMinor <= 0) return [];
  return [
    {
      description: m.invoice_line_cancellation_fee({ invoice: invoice.number }, { locale: invoice.language }),
      quantity: -1,
      unitNetMinor: feeNet,
      netMinor: -feeNet,
      vatCategory: model.vatCategory,
      vatPercent: model.vatPercent,
      vatMinor: credited.vatMinor - remaining.vatMinor,
    },
  ];
}

const tooLarge = () => {
  const message = m.valid_credit_exceeds_rest();
  return new AppError("invalid", message, { fields: { amount: message } });
};
const nothingLeft = () => {
  const message = m.valid_credit_nothing_left();
  return new AppError("conflict", message, { fields: { amount: message } });
};
