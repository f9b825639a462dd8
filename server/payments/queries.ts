/**
 * What the bank statement page reads of an account (a partner's, or RCL's own): its
 * lines of money received that no invoice took yet, a page at a time, the latest lines
 * that were matched with the invoice each paid, and the open invoices a line can be
 * matched to by hand. Call `statementOwner` first: it decides whose account it is.
 */
import { and, asc, count, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { listPage } from "#server/db/list-page";
import { bankStatementLines, invoicePayments, invoices } from "#server/db/schema";
import { dueMinor } from "#server/invoices/document-status";
import type { StatementOwner } from "./bank-accounts";

const buyerName = sql<string>`${invoices.content}->'buyer'->>'name'`;

const UNMATCHED_PAGE_SIZE = 25;
/** The latest matches shown under the upload; every payment stays on its invoice's page. */
const RECENT_MATCHES = 20;
/** Open invoices offered for a line: the oldest due first, as a payment most often settles those. */
const OPEN_INVOICE_CHOICES = 500;

const lineColumns = {
  id: bankStatementLines.id,
  bookedOn: bankStatementLines.bookedOn,
  text: bankStatementLines.text,
  amountMinor: bankStatementLines.amountMinor,
};

export async function bankStatementPage(
  db: Database,
  { account, page }: { account: StatementOwner; page: number },
) {
  const unmatchedWhere = and(
    eq(bankStatementLines.ownerKey, account.key),
    gt(bankStatementLines.amountMinor, 0),
    isNull(invoicePayments.id),
  );
  const unmatchedLines = () =>
    db
      .select(lineColumns)
      .from(bankStatementLines)
      .leftJoin(invoicePayments, eq(invoicePayments.bankLineId, bankStatementLines.id))
      .where(unmatchedWhere);
  const [unmatched, matched, openInvoices] = await Promise.all([
    listPage(
      unmatchedLines().orderBy(desc(bankStatementLines.bookedOn), asc(bankStatementLines.id)),
      db
        .select({ n: count() })
        .from(bankStatementLines)
        .leftJoin(invoicePayments, eq(invoicePayments.bankLineId, bankStatementLines.id))
        .where(unmatchedWhere),
      { page, size: UNMATCHED_PAGE_SIZE },
    ),
    db
      .select({
        ...lineColumns,
        paidMinor: invoicePayments.amountMinor,
        invoiceId: invoices.id,
        invoiceNumber: invoices.number,
        buyerName: buyerName,
      })
      .from(bankStatementLines)
      .innerJoin(invoicePayments, eq(invoicePayments.bankLineId, bankStatementLines.id))
      .innerJoin(invoices, eq(invoices.id, invoicePayments.invoiceId))
      .where(eq(bankStatementLines.ownerKey, account.key))
      .orderBy(desc(invoicePayments.createdAt), desc(bankStatementLines.bookedOn), asc(bankStatementLines.id))
      .limit(RECENT_MATCHES),
    db
      .select({
        id: invoices.id,
        number: invoices.number,
        buyerName: buyerName,
        dueDate: invoices.dueDate,
        dueMinor: dueMinor.mapWith(Number),
      })
      .from(invoices)
      .where(and(account.invoicesScope, gt(dueMinor, 0)))
      .orderBy(asc(invoices.dueDate), asc(invoices.number))
      .limit(OPEN_INVOICE_CHOICES),
  ]);
  return { unmatched, matched, openInvoices, pageSize: UNMATCHED_PAGE_SIZE };
}
