import { eq } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { invoices } from "#server/db/schema";
import { renderMail } from "#server/email/enqueue-email";
import type { Mailer } from "#server/email/mailer";
import { attachDocuments } from "./attach-documents";
import { documentMail, documentAttachment } from "./emails";

/**
 * Mails one issued document to one address (the `send-document` job): the mail is built
 * from the document, which never changes, so a retry sends the same words and files.
 */
export async function deliverDocument(
  { db, mailer, baseUrl }: { db: Database; mailer: Mailer; baseUrl: string },
  { invoiceId, to }: { invoiceId: string; to: string },
): Promise<void> {
  const [invoice] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
  if (!invoice) throw new Error(`Document ${invoiceId} does not exist.`);
  const mail = await renderMail(db, {
    ...documentMail(invoice, to, baseUrl),
    documents: [documentAttachment(invoice)],
  });
  await mailer.send(await attachDocuments(db, mail));
}
