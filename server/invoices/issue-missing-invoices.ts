import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { Transaction } from "#server/db/rows";
import { events, invoices, teamRegistrations, users } from "#server/db/schema";
import type { MailQueue } from "#server/email/enqueue-email";
import { enqueueDocumentMails } from "./emails";
import { issueBookingInvoice } from "./issue-booking-invoice";
import type { InvoiceRow } from "./issue-document";

/**
 * Invoices the bookings a partner confirmed while its billing was not ready (no profile,
 * or a moms status nobody had confirmed yet), in the transaction that makes it ready:
 * every confirmed team of its events that have not started and that has no invoice yet,
 * each mailed to the booker and the buyer's finance address. Events that have started
 * are left out: they were settled outside RCL (ADR 035).
 *
 * The partner's upcoming events are locked first, in the order every command locks
 * events, so no booking, cancellation or move of theirs runs between the read and the
 * invoices (server/registrations/rules.ts).
 */
export async function issueMissingInvoices(
  tx: Transaction,
  jobs: MailQueue,
  { partnerId, now }: { partnerId: string; now: Date },
): Promise<InvoiceRow[]> {
  const upcoming = and(eq(events.partnerId, partnerId), gt(events.startsAt, now));
  const locked = await tx.select().from(events).where(upcoming).orderBy(asc(events.id)).for("update");
  if (locked.length === 0) return [];
  const eventsById = new Map(locked.map((event) => [event.id, event]));

  const waiting = await tx
    .select({ registration: teamRegistrations, bookerEmail: users.email })
    .from(teamRegistrations)
    .innerJoin(events, eq(events.id, teamRegistrations.eventId))
    .leftJoin(users, eq(users.id, teamRegistrations.userId))
    .where(
      and(
        upcoming,
        eq(teamRegistrations.status, "confirmed"),
        // Any document at all: a place whose invoice was credited in full is not invoiced again here.
        sql`not exists (select 1 from ${invoices} i where i.registration_id = ${teamRegistrations.id})`,
      ),
    )
    // In the order the places were given, so the numbers follow the bookings.
    .orderBy(asc(teamRegistrations.createdAt), asc(teamRegistrations.id));

  const issued: InvoiceRow[] = [];
  for (const { registration, bookerEmail } of waiting) {
    const event = eventsById.get(registration.eventId);
    if (!event) continue;
    const invoice = await issueBookingInvoice(tx, jobs, { registration, event, now });
    if (!invoice) continue;
    issued.push(invoice);
    await enqueueDocumentMails(jobs, tx, invoice, [bookerEmail, registration.billingEmail]);
  }
  return issued;
}
