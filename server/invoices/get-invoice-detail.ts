/**
 * One issued document as its page in the partner or admin area shows it: the snapshot
 * printed on it, its status, its credit notes and its payments, and what is still owed.
 * Within the area's scope (server/auth/policies.ts), so another partner's document is
 * "not found", like an unknown id.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { isUuid } from "~/lib/ids";
import { m } from "~/paraglide/messages";
import type { Actor } from "#server/auth/actor";
import { soldDocumentsScope } from "#server/auth/policies";
import type { Database } from "#server/db/client";
import { bankStatementLines, events, invoicePayments, invoices } from "#server/db/schema";
import { notFound } from "#server/errors";
import { copenhagenToday, creditedMinor, documentStatus, dueMinor, paidMinor } from "./document-status";
import type { InvoiceArea } from "./queries";

const creditedInvoice = alias(invoices, "credited_invoice");

export async function getInvoiceDetail(
  db: Database,
  { actor, area, id, now = new Date() }: { actor: Actor; area: InvoiceArea; id: unknown; now?: Date },
) {
  if (!isUuid(id)) throw notFound(m.invoices_not_found());
  const [document] = await db
    .select({
      id: invoices.id,
      kind: invoices.kind,
      purpose: invoices.purpose,
      number: invoices.number,
      sellerPartnerId: invoices.sellerPartnerId,
      registrationId: invoices.registrationId,
      issueDate: invoices.issueDate,
      deliveryDate: invoices.deliveryDate,
      dueDate: invoices.dueDate,
      netMinor: invoices.netMinor,
      vatMinor: invoices.vatMinor,
      grossMinor: invoices.grossMinor,
      currency: invoices.currency,
      content: invoices.content,
      eventTitle: events.title,
      creditedInvoiceId: creditedInvoice.id,
      creditedNumber: creditedInvoice.number,
      status: documentStatus(copenhagenToday(now)),
      paidMinor: paidMinor.mapWith(Number),
      creditedMinor: creditedMinor.mapWith(Number),
      dueMinor: dueMinor.mapWith(Number),
    })
    .from(invoices)
    .leftJoin(events, eq(events.id, invoices.eventId))
    .leftJoin(creditedInvoice, eq(creditedInvoice.id, invoices.creditsInvoiceId))
    .where(and(eq(invoices.id, id), soldDocumentsScope(actor, area)));
  if (!document) throw notFound(m.invoices_not_found());
  if (document.kind === "credit_note") {
    return { document, creditNotes: [], payments: [] };
  }
  const [creditNotes, payments] = await Promise.all([
    db
      .select({
        id: invoices.id,
        kind: invoices.kind,
        number: invoices.number,
        issueDate: invoices.issueDate,
        netMinor: invoices.netMinor,
        grossMinor: invoices.grossMinor,
        reason: sql<string | null>`${invoices.content}->>'reason'`,
      })
      .from(invoices)
      .where(eq(invoices.creditsInvoiceId, document.id))
      .orderBy(asc(invoices.sequenceNumber)),
    db
      .select({
        id: invoicePayments.id,
        paidOn: invoicePayments.paidOn,
        amountMinor: invoicePayments.amountMinor,
        source: invoicePayments.source,
        bankText: bankStatementLines.text,
        bankAmountMinor: bankStatementLines.amountMinor,
      })
      .from(invoicePayments)
      .leftJoin(bankStatementLines, eq(bankStatementLines.id, invoicePayments.bankLineId))
      .where(eq(invoicePayments.invoiceId, document.id))
      .orderBy(asc(invoicePayments.paidOn), asc(invoicePayments.createdAt)),
  ]);
  return { document, creditNotes, payments };
}

export type InvoiceDetail = Awaited<ReturnType<typeof getInvoiceDetail>>;
