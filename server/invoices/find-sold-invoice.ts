import { and, eq, sql } from "drizzle-orm";
import { isUuid } from "~/lib/ids";
import { m } from "~/paraglide/messages";
import type { Actor } from "#server/auth/actor";
import { seesAllPartners, soldDocumentsScope } from "#server/auth/policies";
import type { Transaction } from "#server/db/rows";
import { invoices } from "#server/db/schema";
import { notFound } from "#server/errors";
import { invoiceLockKey } from "./credit-invoice";
import type { InvoiceRow } from "./issue-document";

/**
 * An invoice its seller's member (or an admin) may credit or mark paid, locked against
 * another change of what is owed on it. Another partner's invoice, a credit note and an
 * unknown id are alike "not found".
 */
export async function findSoldInvoice(
  tx: Transaction,
  actor: Actor,
  invoiceId: unknown,
): Promise<InvoiceRow> {
  if (typeof invoiceId !== "string" || !isUuid(invoiceId)) throw notFound(m.invoices_not_found());
  const scope = soldDocumentsScope(actor, seesAllPartners(actor) ? "admin" : "partner");
  const [found] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.kind, "invoice"), scope));
  if (!found) throw notFound(m.invoices_not_found());
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${invoiceLockKey(invoiceId)}))`);
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId));
  if (!invoice) throw notFound(m.invoices_not_found());
  return invoice;
}
