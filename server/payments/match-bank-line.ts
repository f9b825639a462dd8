import { and, eq } from "drizzle-orm";
import { isUuid } from "~/lib/ids";
import { m } from "~/paraglide/messages";
import type { Actor } from "#server/auth/actor";
import type { Database } from "#server/db/client";
import { bankStatementLines, invoicePayments } from "#server/db/schema";
import { AppError, invalidField, notFound } from "#server/errors";
import { findSoldInvoice } from "#server/invoices/find-sold-invoice";
import { statementOwner, type StatementOwnerRequest } from "./bank-accounts";
import { recordBankPayment } from "./record-bank-payment";

/**
 * Matches an unmatched bank line of the account to one of its open invoices by hand: the
 * line the upload could not place (a text with no number, a number mistyped). The line is
 * locked, so two people matching it at once record one payment. A line of another
 * account, and an invoice of another seller, are "not found"; a line already matched, or
 * money going out, is refused; an invoice with nothing owed is not paid again. Audited.
 */
export async function matchBankLine(
  { db }: { db: Database },
  {
    actor,
    owner,
    lineId,
    input,
  }: { actor: Actor; owner: StatementOwnerRequest; lineId: unknown; input: Record<string, unknown> },
) {
  return db.transaction(async (tx) => {
    const account = await statementOwner(tx, actor, owner);
    if (!isUuid(lineId)) throw notFound(m.bank_line_not_found());
    const [line] = await tx
      .select()
      .from(bankStatementLines)
      .where(and(eq(bankStatementLines.id, lineId), eq(bankStatementLines.ownerKey, account.key)))
      .for("update");
    if (!line) throw notFound(m.bank_line_not_found());
    if (line.amountMinor <= 0) throw new AppError("conflict", m.bank_line_outgoing());
    const [payment] = await tx
      .select({ id: invoicePayments.id })
      .from(invoicePayments)
      .where(eq(invoicePayments.bankLineId, line.id));
    if (payment) throw new AppError("conflict", m.bank_line_already_matched());
    const invoiceId = input.invoiceId;
    if (typeof invoiceId !== "string" || invoiceId.trim() === "") {
      throw invalidField("invoiceId", m.bank_match_choose_invoice());
    }
    const invoice = await findSoldInvoice(tx, actor, invoiceId.trim());
    // An admin's scope holds every seller's invoices; the line pays only its own account's.
    if (invoice.sellerPartnerId !== account.partnerId) throw notFound(m.invoices_not_found());
    const paid = await recordBankPayment(tx, actor, { line, invoice, by: "hand" });
    if (!paid) throw invalidField("invoiceId", m.bank_match_nothing_owed({ number: invoice.number }));
    return { invoiceNumber: invoice.number, ...paid };
  });
}
