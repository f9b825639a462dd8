import { inArray } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { invoices } from "#server/db/schema";
import type { Mail } from "#server/email/mailer";
import { renderDocumentPdf } from "./render-pdf";
import { toUbl } from "./ubl";

/** The file name a document is saved under: "Faktura KR-0042.pdf", "Credit note KR-0043.xml". */
export function documentFileName(
  invoice: Pick<typeof invoices.$inferSelect, "kind" | "number" | "language">,
  extension: "pdf" | "xml",
) {
  const words =
    invoice.language === "da"
      ? { invoice: "Faktura", credit_note: "Kreditnota" }
      : { invoice: "Invoice", credit_note: "Credit note" };
  return `${words[invoice.kind]} ${invoice.number}.${extension}`;
}

/**
 * A queued mail with the documents it names attached: each one's PDF, and its UBL e-invoice
 * where the buyer has an EAN. Rendered by the mail's worker from the issued snapshot, which
 * never changes, so a retry attaches the same files.
 */
export async function attachDocuments(db: Database, mail: Mail): Promise<Mail> {
  const wanted = mail.documents ?? [];
  if (wanted.length === 0) return mail;
  const rows = await db
    .select()
    .from(invoices)
    .where(
      inArray(
        invoices.id,
        wanted.map((document) => document.invoiceId),
      ),
    );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const attachments = [...(mail.attachments ?? [])];
  for (const { invoiceId, xml } of wanted) {
    const invoice = byId.get(invoiceId);
    if (!invoice)
      throw new Error(`The mail to ${mail.to} names document ${invoiceId}, which does not exist.`);
    attachments.push({
      filename: documentFileName(invoice, "pdf"),
      content: (await renderDocumentPdf(invoice.content)).toString("base64"),
      contentType: "application/pdf",
      encoding: "base64",
    });
    if (xml) {
      attachments.push({
        filename: documentFileName(invoice, "xml"),
        content: toUbl(invoice.content),
        contentType: "application/xml",
      });
    }
  }
  const { documents: _attached, ...rest } = mail;
  return { ...rest, attachments };
}
