import { createHash } from "node:crypto";
import { and, gt, sql } from "drizzle-orm";
import { formatMoney } from "~/lib/money";
import type { Actor } from "#server/auth/actor";
import { recordAudit } from "#server/audit/record-audit";
import type { Database } from "#server/db/client";
import { bankStatementLines, invoices } from "#server/db/schema";
import { dueMinor } from "#server/invoices/document-status";
import { statementOwner, type StatementOwnerRequest } from "./bank-accounts";
import { paidInvoiceFinder } from "./find-paid-invoice";
import { readBankStatement, type StatementLine } from "./read-bank-statement";
import { recordBankPayment } from "./record-bank-payment";

/** Rows per insert: well under PostgreSQL's 65,535 parameters a statement. */
const INSERT_CHUNK = 500;

/**
 * A line's fingerprint: its date, text and amount, and how many identical lines came
 * before it in the file (two transfers of 500 kr. with the same text on one day are two
 * lines). The same file uploaded again, or a later export that overlaps it, gives the
 * same fingerprints, so its lines are stored once.
 */
function fingerprints(lines: StatementLine[]): string[] {
  const seen = new Map<string, number>();
  return lines.map((line) => {
    const key = JSON.stringify([line.bookedOn, line.text, line.amountMinor]);
    const occurrence = seen.get(key) ?? 0;
    seen.set(key, occurrence + 1);
    return createHash("sha256").update(`${key}#${occurrence}`).digest("hex");
  });
}

export type ImportedStatement = {
  /** Lines read from the file. */
  read: number;
  /** Lines stored now; the rest were stored by an earlier upload. */
  stored: number;
  /** The new lines matched to an invoice, with what each paid. */
  matched: { lineId: string; invoiceNumber: string; amountMinor: number; surplusMinor: number }[];
  /** New lines of money received that matched no invoice. */
  unmatched: number;
};

/**
 * Stores the lines of an uploaded bank statement for the seller's account (a partner's,
 * or RCL's own) and matches each new line of money received to the account's open
 * invoice it names, by +71 payment id or by number, as a bank payment. Lines stored
 * before are neither stored nor matched again; money going out is stored and never
 * matched. The upload and every match are audited, in one transaction: a file with an
 * unreadable line stores nothing.
 */
export async function importBankStatement(
  { db }: { db: Database },
  { actor, owner, file }: { actor: Actor; owner: StatementOwnerRequest; file: Uint8Array },
): Promise<ImportedStatement> {
  return db.transaction(async (tx) => {
    const account = await statementOwner(tx, actor, owner);
    const lines = readBankStatement(file);
    // One upload of an account at a time: two would lock the same invoices in different
    // orders, and the second would otherwise match lines against sums the first changes.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`bank-statement:${account.key}`}))`);
    const prints = fingerprints(lines);
    const stored: (typeof bankStatementLines.$inferSelect)[] = [];
    for (let start = 0; start < lines.length; start += INSERT_CHUNK) {
      const chunk = lines.slice(start, start + INSERT_CHUNK).map((line, index) => ({
        ownerKey: account.key,
        bookedOn: line.bookedOn,
        text: line.text,
        amountMinor: line.amountMinor,
        fingerprint: prints[start + index] ?? "",
        uploadedBy: actor.userId,
      }));
      stored.push(
        ...(await tx
          .insert(bankStatementLines)
          .values(chunk)
          .onConflictDoNothing({ target: [bankStatementLines.ownerKey, bankStatementLines.fingerprint] })
          .returning()),
      );
    }
    const received = stored.filter((line) => line.amountMinor > 0);
    const open =
      received.length === 0
        ? []
        : await tx
            .select({
              id: invoices.id,
              number: invoices.number,
              paymentId: invoices.paymentId,
              sellerPartnerId: invoices.sellerPartnerId,
            })
            .from(invoices)
            .where(and(account.invoicesScope, gt(dueMinor, 0)));
    const findPaidInvoice = paidInvoiceFinder(open);
    const matched: ImportedStatement["matched"] = [];
    // By booking date, so of two lines paying one invoice the earlier pays first.
    for (const line of received.toSorted((a, b) => a.bookedOn.localeCompare(b.bookedOn))) {
      const invoice = findPaidInvoice(line.text);
      if (!invoice) continue;
      const paid = await recordBankPayment(tx, actor, { line, invoice, by: "upload" });
      if (!paid) continue;
      matched.push({ lineId: line.id, invoiceNumber: invoice.number, ...paid });
    }
    await recordAudit(tx, actor, {
      action: "bank_statement.import",
      entityId: account.key,
      partnerId: account.partnerId,
      summary:
        `Uploaded a bank statement of ${lines.length} lines: ${stored.length} new, ` +
        `${matched.length} matched to invoices (${formatMoney(
          matched.reduce((sum, match) => sum + match.amountMinor, 0),
          "DKK",
          "en",
        )})`,
      changes: {
        lines: {
          before: null,
          after: { read: lines.length, stored: stored.length, matched: matched.length },
        },
      },
    });
    return {
      read: lines.length,
      stored: stored.length,
      matched,
      unmatched: received.length - matched.length,
    };
  });
}
