import { and, eq } from "drizzle-orm";
import type { Transaction } from "#server/db/rows";
import { payments } from "#server/db/schema";
import type { MailQueue } from "#server/email/enqueue-email";
import type { InvoiceRow } from "#server/invoices/issue-document";
import { lockPayment, queueRefund } from "./record-refund";

/**
 * Gives back what a credit note credits when its invoice was paid online: the credit
 * note's gross, to the card or MobilePay account the payment came from. Every credit of an
 * online-paid invoice goes through here (a cancellation under the policy, a called-off event,
 * a partner's partial credit), so what is refunded always equals what is credited.
 */
export async function refundCredit(
  tx: Transaction,
  jobs: MailQueue,
  credit: InvoiceRow,
  invoiceId: string,
  reason: "cancellation" | "event_cancelled",
): Promise<void> {
  const [paid] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.invoiceId, invoiceId), eq(payments.status, "paid")));
  if (!paid) return;
  // Taken after the invoice's lock (creditInvoice holds it), the order every path keeps.
  const payment = await lockPayment(tx, paid.id);
  if (!payment) return;
  await queueRefund(tx, jobs, {
    payment,
    amountMinor: credit.grossMinor,
    reason,
    creditNoteId: credit.id,
  });
}
