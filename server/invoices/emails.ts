import { formatMoney } from "~/lib/money";
import { formatCalendarDay } from "~/lib/dates";
import { m } from "~/paraglide/messages";
import type { SqlRunner } from "#server/db/rows";
import type { MailQueue } from "#server/email/enqueue-email";
import type { QueuedJob } from "#server/jobs/job-queue";
import type { Mail } from "#server/email/mailer";
import type { MailDraft } from "#server/email/templates";
import { mailIn } from "#server/email/templates";
import type { InvoiceRow } from "./issue-document";

/** A document a queued mail carries by reference: its PDF, and its e-invoice for an EAN buyer. */
export type DocumentAttachment = NonNullable<Mail["documents"]>[number];

/**
 * The files of an issued document, attached when the mail is sent (server/invoices/attach-documents.ts),
 * so its PDF is rendered by the mail's worker and never inside the transaction that issued it.
 */
export const documentAttachment = (invoice: InvoiceRow): DocumentAttachment => ({
  invoiceId: invoice.id,
  xml: invoice.buyerEan !== null,
});

/**
 * Queues the mail that delivers an issued document to each of `recipients` (the booker, the
 * buyer's finance address), leaving out addresses that already get it (a booking's
 * confirmation carries its invoice). Only the document's id and the address are queued: the
 * `send-document` worker builds the mail in the document's language and attaches its files,
 * so neither is made while the issuing transaction holds the seller's series.
 */
export async function enqueueDocumentMails(
  jobs: MailQueue,
  tx: SqlRunner,
  invoice: Pick<InvoiceRow, "id">,
  recipients: (string | null | undefined)[],
  options: { alreadyMailed?: string[] } = {},
): Promise<void> {
  await jobs.enqueueAll(tx, documentMailJobs(invoice, recipients, options));
}

/** The `send-document` jobs of `enqueueDocumentMails`, for a caller that queues them with others. */
export function documentMailJobs(
  invoice: Pick<InvoiceRow, "id">,
  recipients: (string | null | undefined)[],
  { alreadyMailed = [] }: { alreadyMailed?: string[] } = {},
): QueuedJob[] {
  const seen = new Set(alreadyMailed.map((address) => address.toLowerCase()));
  const batch: QueuedJob[] = [];
  for (const address of recipients) {
    if (!address || seen.has(address.toLowerCase())) continue;
    seen.add(address.toLowerCase());
    batch.push({ name: "send-document", data: { invoiceId: invoice.id, to: address } });
  }
  return batch;
}

/** The mail that delivers `invoice` to `to`, in the document's language. */
export function documentMail(invoice: InvoiceRow, to: string, baseUrl: string): MailDraft {
  return mailIn(invoice.language, () => documentMailIn(invoice, to, baseUrl));
}

function documentMailIn(invoice: InvoiceRow, to: string, baseUrl: string): Omit<MailDraft, "locale"> {
  const { content } = invoice;
  const seller = content.seller.name;
  const number = invoice.number;
  const amount = formatMoney(invoice.grossMinor, "DKK");
  const isInvoice = invoice.kind === "invoice";
  const paragraphs = isInvoice
    ? [
        m.mail_invoice_lead({
          seller,
          amount,
          reference: content.reference,
          dueDate: formatCalendarDay(invoice.dueDate ?? invoice.issueDate),
        }),
      ]
    : [
        m.mail_credit_note_lead({
          seller,
          amount,
          invoice: content.creditedInvoice?.number ?? "",
          reference: content.reference,
          reason: content.reason ?? "",
        }),
      ];
  if (invoice.buyerEan) paragraphs.push(m.mail_invoice_einvoice({ ean: invoice.buyerEan }));
  const details: [string, string][] = [
    [m.mail_label_document_number(), number],
    [m.mail_label_issue_date(), formatCalendarDay(invoice.issueDate)],
    [m.mail_label_amount(), amount],
  ];
  const payment = content.paymentReference;
  if (isInvoice && payment) {
    details.push([
      m.mail_label_how_to_pay(),
      payment.kind === "fik71"
        ? m.mail_invoice_pay_fik({ line: payment.line })
        : m.mail_invoice_pay_transfer({
            registration: content.seller.bankRegistration,
            account: content.seller.bankAccount,
            number,
          }),
    ]);
  }
  return {
    to,
    subject: isInvoice
      ? m.mail_invoice_subject({ number, seller })
      : m.mail_credit_note_subject({ number, seller }),
    replyTo: content.seller.email,
    content: {
      heading: isInvoice ? m.mail_invoice_heading({ number }) : m.mail_credit_note_heading({ number }),
      paragraphs,
      details,
      action: invoice.registrationId
        ? { label: m.mail_action_my_bookings(), url: `${baseUrl}/dashboard/bookings` }
        : undefined,
      reason: m.mail_why_invoice({ seller }),
    },
  };
}
