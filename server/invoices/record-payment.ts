import { copenhagenDate, dateKey } from "~/lib/calendar-date";
import { paymentSchema } from "~/lib/forms/invoice-schemas";
import { formatMoney } from "~/lib/money";
import { m } from "~/paraglide/messages";
import type { Actor } from "#server/auth/actor";
import { recordAudit } from "#server/audit/record-audit";
import type { Database } from "#server/db/client";
import { returnedRow } from "#server/db/rows";
import { invoicePayments } from "#server/db/schema";
import { AppError, invalidField, parseInput } from "#server/errors";
import { amountDue } from "./document-status";
import { findSoldInvoice } from "./find-sold-invoice";

/**
 * Marks money received against an invoice by hand (a transfer the seller saw in its bank):
 * the date and the amount, never more than is still owed, nor a date to come. Audited.
 */
export async function recordPayment(
  { db }: { db: Database },
  {
    actor,
    invoiceId,
    input,
    now = new Date(),
  }: { actor: Actor; invoiceId: unknown; input: unknown; now?: Date },
) {
  return db.transaction(async (tx) => {
    const invoice = await findSoldInvoice(tx, actor, invoiceId);
    const { amount, paidOn } = parseInput(paymentSchema, input);
    if (paidOn > dateKey(copenhagenDate(now))) throw invalidField("paidOn", m.valid_paid_on_future());
    const due = await amountDue(tx, invoice.id);
    if (due <= 0) throw new AppError("conflict", m.valid_invoice_already_settled());
    if (amount > due) {
      throw invalidField("amount", m.valid_payment_exceeds_due({ due: formatMoney(due, "DKK") }));
    }
    const payment = await tx
      .insert(invoicePayments)
      .values({
        invoiceId: invoice.id,
        paidOn,
        amountMinor: amount,
        source: "manual",
        recordedBy: actor.userId,
      })
      .returning()
      .then(returnedRow);
    await recordAudit(tx, actor, {
      action: "invoice.record_payment",
      entityId: invoice.id,
      partnerId: invoice.sellerPartnerId,
      summary: `Marked ${formatMoney(amount, "DKK", "en")} paid on ${paidOn} against invoice ${invoice.number}`,
      changes: { paid: { before: invoice.grossMinor - due, after: invoice.grossMinor - due + amount } },
    });
    return payment;
  });
}
