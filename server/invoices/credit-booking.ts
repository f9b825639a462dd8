import { and, asc, eq } from "drizzle-orm";
import type { Locale } from "~/lib/i18n/locale";
import type { Transaction } from "#server/db/rows";
import { invoices } from "#server/db/schema";
import type { MailQueue } from "#server/email/enqueue-email";
import { creditInvoice } from "./credit-invoice";
import type { InvoiceRow } from "./issue-document";

/**
 * Credits whatever is left of a booking's invoices (or a policy's share of each), in the
 * transaction that cancels the place or moves it elsewhere: one credit note per invoice
 * with something left, giving the reason in the invoice's language. An invoice paid online
 * has its credit refunded (`creditInvoice`).
 */
export async function creditBooking(
  tx: Transaction,
  jobs: MailQueue,
  {
    registrationId,
    reason,
    now,
    percent = 100,
    refund = "cancellation",
  }: {
    registrationId: string;
    reason: (locale: Locale) => string;
    now: Date;
    /** The share of each invoice credited (a cancellation policy's window); the rest stands as a fee. */
    percent?: number;
    refund?: "cancellation" | "event_cancelled";
  },
): Promise<InvoiceRow[]> {
  const issued = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.registrationId, registrationId), eq(invoices.kind, "invoice")))
    .orderBy(asc(invoices.createdAt));
  const credits: InvoiceRow[] = [];
  for (const invoice of issued) {
    const credit = await creditInvoice(tx, jobs, {
      invoice,
      amount: percent >= 100 ? "rest" : { percent },
      reason: reason(invoice.language),
      now,
      refund,
    });
    if (credit) credits.push(credit);
  }
  return credits;
}
