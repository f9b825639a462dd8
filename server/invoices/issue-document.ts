import { addDays, copenhagenDate, dateKey } from "~/lib/calendar-date";
import { fik71Line, fik71PaymentId } from "~/lib/billing/numbers";
import type { Locale } from "~/lib/i18n/locale";
import { m } from "~/paraglide/messages";
import { returnedRow, type Transaction } from "#server/db/rows";
import { einvoiceTransmissions, invoices } from "#server/db/schema";
import type { MailQueue } from "#server/email/enqueue-email";
import {
  type BuyerSnapshot,
  type DocumentContent,
  type DocumentKind,
  type DocumentLine,
  type PaymentReference,
  totalsOf,
} from "./document";
import { documentNumber, takeNextNumber } from "./series";
import type { SellerTerms } from "./sellers";

export type InvoiceRow = typeof invoices.$inferSelect;

export type DocumentDraft = {
  /** Chosen by the caller when mails that name the document are queued before it is issued. */
  id?: string;
  kind: DocumentKind;
  purpose: InvoiceRow["purpose"];
  terms: SellerTerms;
  buyer: BuyerSnapshot;
  lines: DocumentLine[];
  language: Locale;
  /** YYYY-MM-DD: the event's day, or the last day of a statement's month. */
  deliveryDate: string;
  reference: string;
  /** Credit notes: the invoice reduced, and why. */
  credits?: InvoiceRow;
  reason?: string;
  registrationId?: string;
  bookerUserId?: string;
  eventId?: string;
  buyerPartnerId?: string;
  /** Who issued it by hand; a booking's change issues its documents on its own. */
  issuedBy?: string;
  now: Date;
};

/**
 * Issues an invoice or credit note in the caller's transaction: the next number of the
 * seller's series, the snapshot of everything printed on it, and, for a buyer with an EAN,
 * its e-invoice queued for the access point. Rendering (PDF, UBL) happens later, from the
 * snapshot, outside the transaction (ADR 035).
 */
export async function issueDocument(
  tx: Transaction,
  jobs: MailQueue,
  draft: DocumentDraft,
): Promise<InvoiceRow> {
  const { terms, kind, language } = draft;
  const sequence = await takeNextNumber(tx, terms.seriesKey);
  const number = documentNumber(terms.prefix, sequence);
  const today = copenhagenDate(draft.now);
  const issueDate = dateKey(today);
  const dueDate = kind === "invoice" ? dateKey(addDays(today, terms.paymentTermsDays)) : null;
  const paymentReference: PaymentReference | null =
    kind !== "invoice"
      ? null
      : terms.seller.fiCreditorNumber
        ? fik71Reference(sequence, terms.seller.fiCreditorNumber)
        : { kind: "invoice_number", text: number };
  const totals = totalsOf(draft.lines);
  const content: DocumentContent = {
    kind,
    number,
    issueDate,
    deliveryDate: draft.deliveryDate,
    dueDate,
    currency: "DKK",
    language,
    seller: terms.seller,
    buyer: draft.buyer,
    lines: draft.lines,
    totals,
    paymentReference,
    creditedInvoice: draft.credits
      ? { number: draft.credits.number, issueDate: draft.credits.issueDate }
      : null,
    reason: draft.reason ?? null,
    reference: draft.reference,
    // RCL issues a partner's documents as its agent, and says so on each (ADR 035).
    note: terms.partnerId
      ? m.invoice_note_on_behalf({ seller: terms.seller.name }, { locale: language })
      : null,
  };
  const row = await tx
    .insert(invoices)
    .values({
      ...(draft.id ? { id: draft.id } : {}),
      kind,
      purpose: draft.purpose,
      seriesKey: terms.seriesKey,
      sequenceNumber: sequence,
      number,
      sellerPartnerId: terms.partnerId,
      buyerPartnerId: draft.buyerPartnerId ?? null,
      registrationId: draft.registrationId ?? null,
      bookerUserId: draft.bookerUserId ?? null,
      eventId: draft.eventId ?? null,
      creditsInvoiceId: draft.credits?.id ?? null,
      language,
      issueDate,
      deliveryDate: draft.deliveryDate,
      dueDate,
      netMinor: totals.netMinor,
      vatMinor: totals.vatMinor,
      grossMinor: totals.grossMinor,
      buyerEan: draft.buyer.ean,
      paymentId: paymentReference?.kind === "fik71" ? paymentReference.paymentId : null,
      content,
      issuedBy: draft.issuedBy ?? null,
    })
    .returning()
    .then(returnedRow);
  if (draft.buyer.ean) {
    await tx.insert(einvoiceTransmissions).values({ invoiceId: row.id });
    await jobs.enqueue(tx, "transmit-einvoice", { invoiceId: row.id });
  }
  return row;
}

function fik71Reference(sequence: number, creditorNumber: string): PaymentReference {
  const paymentId = fik71PaymentId(sequence);
  return { kind: "fik71", paymentId, creditorNumber, line: fik71Line(paymentId, creditorNumber) };
}
