import { sql } from "drizzle-orm";
import { formatMoney } from "~/lib/money";
import type { Actor } from "#server/auth/actor";
import { recordAudit } from "#server/audit/record-audit";
import { returnedRow, type Transaction } from "#server/db/rows";
import { invoicePayments } from "#server/db/schema";
import { invoiceLockKey } from "#server/invoices/credit-invoice";
import { amountDue } from "#server/invoices/document-status";

type BankLine = { id: string; bookedOn: string; text: string; amountMinor: number };
type PaidInvoice = { id: string; number: string; sellerPartnerId: string | null };

/**
 * A bank line recorded as the payment of an invoice, matched by the statement's upload or
 * by hand, and audited. The invoice is locked as a credit or a manual payment locks it,
 * and what it still owes is read under that lock: an invoice with nothing owed is not
 * paid again (null). A line larger than what is owed pays what is owed; the rest is the
 * surplus the page shows, for the seller to pay back or keep against another invoice. The
 * line's id is unique among payments, so a line never pays twice.
 */
export async function recordBankPayment(
  tx: Transaction,
  actor: Actor,
  { line, invoice, by }: { line: BankLine; invoice: PaidInvoice; by: "upload" | "hand" },
): Promise<{ amountMinor: number; surplusMinor: number } | null> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${invoiceLockKey(invoice.id)}))`);
  const due = await amountDue(tx, invoice.id);
  if (due <= 0 || line.amountMinor <= 0) return null;
  const amountMinor = Math.min(line.amountMinor, due);
  const payment = await tx
    .insert(invoicePayments)
    .values({
      invoiceId: invoice.id,
      paidOn: line.bookedOn,
      amountMinor,
      source: "bank_statement",
      bankLineId: line.id,
      recordedBy: actor.userId,
    })
    .returning({ id: invoicePayments.id })
    .then(returnedRow);
  const surplusMinor = line.amountMinor - amountMinor;
  const paid = invoice.number;
  await recordAudit(tx, actor, {
    action: "invoice.match_bank_line",
    entityId: invoice.id,
    partnerId: invoice.sellerPartnerId,
    summary:
      `${by === "upload" ? "Matched" : "Matched by hand"} the bank line of ${line.bookedOn} ` +
      `"${line.text}" (${formatMoney(line.amountMinor, "DKK", "en")}) to invoice ${paid}` +
      (surplusMinor > 0 ? `, ${formatMoney(surplusMinor, "DKK", "en")} more than was owed` : ""),
    changes: {
      paid: { before: null, after: { paymentId: payment.id, bankLineId: line.id, amountMinor } },
    },
  });
  return { amountMinor, surplusMinor };
}
