import type { Database } from "#server/db/client";
import { renderMail } from "#server/email/enqueue-email";
import type { Mailer } from "#server/email/mailer";
import { attachDocuments } from "#server/invoices/attach-documents";
import { statementMail } from "./emails";
import { renderStatementPdf, statementFileName } from "./render-statement-pdf";
import { readStatementContents } from "./statement-contents";
import { statementCsv } from "./statement-csv";

/**
 * Mails a statement to the partner's invoice address (the `send-statement` job) with its
 * PDF and CSV, and RCL's commission invoice with its PDF and UBL. Everything is read from
 * rows that never change and rendered here, outside the transaction that made the
 * statement, so a retry sends the same mail.
 */
export async function deliverStatement(
  { db, mailer, baseUrl }: { db: Database; mailer: Mailer; baseUrl: string },
  { statementId, to }: { statementId: string; to: string },
): Promise<void> {
  const contents = await readStatementContents(db, statementId);
  const mail = await renderMail(db, {
    ...statementMail(contents, to, baseUrl),
    attachments: [
      {
        filename: statementFileName(contents, "pdf"),
        content: (await renderStatementPdf(contents)).toString("base64"),
        contentType: "application/pdf",
        encoding: "base64",
      },
      {
        filename: statementFileName(contents, "csv"),
        content: statementCsv(contents),
        contentType: "text/csv",
      },
    ],
    documents: contents.commissionInvoice ? [{ invoiceId: contents.commissionInvoice.id, xml: true }] : [],
  });
  await mailer.send(await attachDocuments(db, mail));
}
