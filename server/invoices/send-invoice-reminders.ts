import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import { addDays, copenhagenDate, dateKey } from "~/lib/calendar-date";
import { formatCalendarDay } from "~/lib/dates";
import { formatMoneyExact } from "~/lib/money";
import { m } from "~/paraglide/messages";
import type { Database } from "#server/db/client";
import type { Transaction } from "#server/db/rows";
import { invoiceReminders, invoices, users } from "#server/db/schema";
import { enqueueEmails, type MailQueue } from "#server/email/enqueue-email";
import { mailIn, type MailDraft } from "#server/email/templates";
import { copenhagenToday, documentStatus, dueMinor as stillDue } from "./document-status";
import { documentAttachment } from "./emails";
import type { InvoiceRow } from "./issue-document";

/** A reminder goes out this many days after an invoice's due date (a Copenhagen date). */
const REMINDER_DAYS_AFTER_DUE = 3;

/** Invoices reminded per transaction: a long backlog is worked through in short ones. */
const BATCH = 50;

/** An overdue invoice as its reminder states it. */
export type OverdueInvoice = {
  invoice: InvoiceRow;
  /** What is left to pay: the gross less payments and credit notes (øre). */
  dueMinor: number;
  /** The booker's account address, for a booking's invoice; null for a commission invoice. */
  bookerEmail: string | null;
};

/**
 * The daily `send-invoice-reminders` job: one reminder, without a fee, to the buyer of every
 * issued invoice (a booking's or a commission) still open `REMINDER_DAYS_AFTER_DUE` days
 * after its due date, neither paid nor credited in full (`document-status.ts`). Each batch
 * records its reminders and queues their mails in one transaction; the reminder row is
 * inserted with ON CONFLICT DO NOTHING and only the rows this run inserted are mailed, so a
 * second run, or two workers at once, never remind an invoice twice (ADR 035). Returns how
 * many invoices were reminded.
 */
export async function sendInvoiceReminders(
  { db, jobs }: { db: Database; jobs: MailQueue },
  { now = new Date() }: { now?: Date } = {},
): Promise<number> {
  const today = copenhagenToday(now);
  // Due on or before this day: three days after the due date is the first day it is reminded.
  const dueBy = dateKey(addDays(copenhagenDate(now), -REMINDER_DAYS_AFTER_DUE));
  let reminded = 0;
  for (;;) {
    const batch = await db.transaction((tx) => remindBatch(tx, jobs, { today, dueBy, now }));
    reminded += batch.reminded;
    // Invoices another run took are left out of the next batch once it commits (its rows exist).
    if (batch.found < BATCH) return reminded;
  }
}

async function remindBatch(
  tx: Transaction,
  jobs: MailQueue,
  { today, dueBy, now }: { today: string; dueBy: string; now: Date },
): Promise<{ found: number; reminded: number }> {
  const found = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        eq(invoices.kind, "invoice"),
        inArray(invoices.purpose, ["booking", "commission"]),
        lte(invoices.dueDate, dueBy),
        sql`not exists (select 1 from ${invoiceReminders} where ${invoiceReminders.invoiceId} = ${invoices.id})`,
        eq(documentStatus(today), "overdue"),
      ),
    )
    .orderBy(asc(invoices.dueDate), asc(invoices.id))
    .limit(BATCH);
  if (found.length === 0) return { found: 0, reminded: 0 };

  // A concurrent run inserting the same rows makes this wait for it, then skip them.
  const claimed = await tx
    .insert(invoiceReminders)
    .values(found.map(({ id }) => ({ invoiceId: id, sentAt: now })))
    .onConflictDoNothing()
    .returning({ invoiceId: invoiceReminders.invoiceId });
  if (claimed.length === 0) return { found: found.length, reminded: 0 };

  const rows = await tx
    .select({
      invoice: invoices,
      // Read in the transaction that records the reminder: the amount the mail states.
      dueMinor: stillDue.mapWith(Number),
      bookerEmail: users.email,
    })
    .from(invoices)
    .leftJoin(users, eq(users.id, invoices.bookerUserId))
    .where(
      inArray(
        invoices.id,
        claimed.map((row) => row.invoiceId),
      ),
    )
    .orderBy(asc(invoices.dueDate), asc(invoices.id));
  await enqueueEmails(
    jobs,
    tx,
    rows.flatMap((overdue) =>
      reminderRecipients(overdue).map((to) => ({
        ...invoiceReminderMail(overdue, to),
        documents: [documentAttachment(overdue.invoice)],
      })),
    ),
  );
  return { found: found.length, reminded: claimed.length };
}

/** The buyer's invoice address and the booker's, each once. */
function reminderRecipients({ invoice, bookerEmail }: OverdueInvoice): string[] {
  const addresses = [invoice.content.buyer.email, bookerEmail].filter((to): to is string => Boolean(to));
  const seen = new Set<string>();
  return addresses.filter((to) => {
    const key = to.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The reminder for an overdue invoice, in the invoice's language: what is left to pay, the
 * original due date, how to pay (the +71 line or the invoice number, and the seller's bank
 * account), and that no fee is charged. The invoice's PDF is attached when it is sent.
 */
export function invoiceReminderMail({ invoice, dueMinor }: OverdueInvoice, to: string): MailDraft {
  return mailIn(invoice.language, () => {
    const { content, number } = invoice;
    const seller = content.seller.name;
    const amount = formatMoneyExact(dueMinor, invoice.currency);
    const dueDate = formatCalendarDay(invoice.dueDate ?? invoice.issueDate);
    const paragraphs = [m.mail_invoice_reminder_lead({ number, seller, dueDate, amount })];
    if (dueMinor < invoice.grossMinor) {
      paragraphs.push(
        m.mail_invoice_reminder_settled({
          gross: formatMoneyExact(invoice.grossMinor, invoice.currency),
          settled: formatMoneyExact(invoice.grossMinor - dueMinor, invoice.currency),
        }),
      );
    }
    paragraphs.push(m.mail_invoice_reminder_no_fee());
    const payment = content.paymentReference;
    return {
      to,
      subject: m.mail_invoice_reminder_subject({ number, seller }),
      replyTo: content.seller.email,
      content: {
        heading: m.mail_invoice_reminder_heading({ number }),
        paragraphs,
        details: [
          [m.mail_label_document_number(), number],
          [m.mail_label_due_date(), dueDate],
          [m.mail_label_amount_due(), amount],
          [
            m.mail_label_payment_reference(),
            payment?.kind === "fik71" ? m.mail_invoice_pay_fik({ line: payment.line }) : number,
          ],
          [
            m.mail_label_bank_account(),
            m.mail_invoice_bank_account({
              registration: content.seller.bankRegistration,
              account: content.seller.bankAccount,
            }),
          ],
        ],
        reason: m.mail_why_invoice({ seller }),
      },
    };
  });
}
