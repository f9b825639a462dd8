import { eq, sql } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { einvoiceTransmissions, invoices } from "#server/db/schema";
import type { AccessPoint } from "./access-point";
import { toUbl } from "./ubl";

/**
 * Hands one issued document's e-invoice to the access point (the `transmit-einvoice` job).
 * Its transmission row says how it went: `sent`, or `failed` with the error while the queue
 * retries, and `retried` while a later attempt runs. Once sent it is never sent again, so a
 * job repeated after a crash does not deliver it twice.
 */
export async function transmitEinvoice(
  { db, accessPoint }: { db: Database; accessPoint: AccessPoint },
  { invoiceId }: { invoiceId: string },
): Promise<void> {
  const [found] = await db
    .select({ invoice: invoices, transmission: einvoiceTransmissions })
    .from(einvoiceTransmissions)
    .innerJoin(invoices, eq(invoices.id, einvoiceTransmissions.invoiceId))
    .where(eq(einvoiceTransmissions.invoiceId, invoiceId));
  if (!found) throw new Error(`No e-invoice transmission for document ${invoiceId}.`);
  const { invoice, transmission } = found;
  if (transmission.status === "sent" || !invoice.buyerEan) return;
  await db
    .update(einvoiceTransmissions)
    .set({
      status: transmission.attempts > 0 ? "retried" : "pending",
      attempts: sql`${einvoiceTransmissions.attempts} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(einvoiceTransmissions.invoiceId, invoiceId));
  try {
    const { messageId } = await accessPoint.send({
      invoiceId,
      number: invoice.number,
      senderCvr: invoice.content.seller.cvr,
      receiverEan: invoice.buyerEan,
      xml: toUbl(invoice.content),
    });
    await db
      .update(einvoiceTransmissions)
      .set({
        status: "sent",
        accessPointId: messageId,
        lastError: null,
        sentAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(einvoiceTransmissions.invoiceId, invoiceId));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await db
      .update(einvoiceTransmissions)
      .set({ status: "failed", lastError: message.slice(0, 1000), updatedAt: new Date() })
      .where(eq(einvoiceTransmissions.invoiceId, invoiceId));
    throw error;
  }
}
