import { and, asc, eq } from "drizzle-orm";
import type { Locale } from "~/lib/i18n/locale";
import type { Transaction } from "#server/db/rows";
import { invoices } from "#server/db/schema";
import type { MailQueue } from "#server/email/enqueue-email";
import { creditInvoice } from "./credit-invoice";
import type { InvoiceRow } from "./issue-document";

/**
 * Credits whatever is left of a booking's invoices, in the transaction that cancels the
 * place or moves it elsewhere: one credit note per invoice with something left, giving the
 * reason in the invoice's language.
 */
export async function creditBooking(
  tx: Transaction,
  jobs: MailQueue,
  { registrationId, reason, now }: { registrationId: string; reason: (locale: Locale) => string; now: Date },
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
      amount: "rest",
      reason: reason(invoice.language),
      now,
    });
    if (credit) credits.push(credit);
  }
  return credits;
}
