import type { EventRow, TeamRegistration, Transaction } from "#server/db/rows";
import type { MailQueue } from "#server/email/enqueue-email";
import { creditBooking } from "#server/invoices/credit-booking";
import { enqueueDocumentMails } from "#server/invoices/emails";
import { issueBookingInvoice } from "#server/invoices/issue-booking-invoice";
import type { Locale } from "~/lib/i18n/locale";
import type { BookingParties } from "./emails";

/**
 * Invoices places just confirmed (taken from the waitlist, confirmed by hand, moved), in the
 * transaction that confirmed them, and queues each invoice's mail to the booker and the
 * buyer's finance address.
 */
export async function invoiceConfirmedPlaces(
  tx: Transaction,
  { jobs }: { jobs: MailQueue },
  {
    event,
    confirmed,
    parties,
    now,
  }: { event: EventRow; confirmed: TeamRegistration[]; parties: BookingParties; now: Date },
): Promise<void> {
  for (const registration of confirmed) {
    const invoice = await issueBookingInvoice(tx, jobs, { registration, event, now });
    if (!invoice) continue;
    const { bookerEmail } = parties.booking(registration);
    await enqueueDocumentMails(jobs, tx, invoice, [bookerEmail, registration.billingEmail]);
  }
}

/**
 * Credits what is left of a place's invoices when it is cancelled or moved, and queues each
 * credit note's mail to the booker and the buyer's finance address.
 */
export async function creditPlace(
  tx: Transaction,
  { jobs }: { jobs: MailQueue },
  {
    registration,
    bookerEmail,
    reason,
    now,
    percent,
    refund,
  }: {
    registration: TeamRegistration;
    bookerEmail: string;
    reason: (locale: Locale) => string;
    now: Date;
    percent?: number;
    refund?: "cancellation" | "event_cancelled";
  },
): Promise<void> {
  const credits = await creditBooking(tx, jobs, {
    registrationId: registration.id,
    reason,
    now,
    percent,
    refund,
  });
  for (const credit of credits) {
    await enqueueDocumentMails(jobs, tx, credit, [bookerEmail, registration.billingEmail]);
  }
}
