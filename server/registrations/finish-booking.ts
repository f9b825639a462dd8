import { eq, sql } from "drizzle-orm";
import { teamRegistrations } from "#server/db/schema";
import { documentMailJobs } from "#server/invoices/emails";
import { issueBookingInvoice } from "#server/invoices/issue-booking-invoice";
import type { JobData } from "#server/jobs/queues";
import { bookingParties, confirmationMail, enqueueEmails, partnerNoticeMails } from "./emails";
import type { RegistrationServices } from "./register-team";
import { lockEventAndRegistration } from "./rules";
import { queueSeatLinks } from "#server/seats/send-seat-links";

/**
 * What follows a booking (`registerTeam`), queued by it in its own transaction so that it
 * cannot be lost and does not hold the event's lock or the seller's invoice series while
 * the booker waits: the place's invoice, when it is still confirmed, priced and the
 * partner's billing is confirmed (`issueBookingInvoice` judges that, and never issues a
 * second one), then the confirmation or waitlist notice to the booker, with the invoice,
 * the invoice to the buyer's finance address, and the notices to the partner's members.
 *
 * The mails say what the booking placed, a place or a place on the waitlist, even if the
 * booking has changed since (a cancellation or a move up sends its own mail). The invoice
 * is dated at the booking. All of it commits together with `booking_finished_at`, so a
 * failure is retried by the queue and a run repeated after it committed does nothing.
 */
export async function finishBooking(
  services: RegistrationServices,
  { registrationId, placed, at }: JobData["finish-booking"],
): Promise<void> {
  await services.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ eventId: teamRegistrations.eventId })
      .from(teamRegistrations)
      .where(eq(teamRegistrations.id, registrationId));
    // The account was deleted with its bookings: nobody is left to tell.
    if (!current) return;
    // The event's lock first, as every command that changes a place takes it.
    const { event, registration } = await lockEventAndRegistration(tx, current.eventId, registrationId);
    // Done before, by a run whose worker stopped before the queue heard of it.
    if (registration.bookingFinishedAt) return;
    const parties = await bookingParties(tx, event, [registration.userId]);
    const booking = parties.booking({ ...registration, status: placed });
    const invoice =
      placed === "confirmed"
        ? await issueBookingInvoice(tx, services.jobs, { registration, event, now: new Date(at) })
        : null;
    await enqueueEmails(
      services.jobs,
      tx,
      [
        {
          ...confirmationMail(booking, services, invoice !== null),
          ...(invoice ? { documents: [{ invoiceId: invoice.id, xml: registration.ean !== null }] } : {}),
        },
        ...partnerNoticeMails(
          placed === "confirmed" ? "booked" : "waitlisted",
          booking,
          parties.memberEmails,
          services,
        ),
      ],
      // The confirmation carries the invoice to the booker; the finance address gets its own.
      invoice
        ? documentMailJobs(invoice, [registration.billingEmail], { alreadyMailed: [booking.bookerEmail] })
        : [],
    );
    // The rowers' and the captain's links, for a place still confirmed when they go out.
    if (placed === "confirmed") await queueSeatLinks(tx, services.jobs, [registrationId]);
    await tx
      .update(teamRegistrations)
      .set({ bookingFinishedAt: sql`now()` })
      .where(eq(teamRegistrations.id, registrationId));
  });
}
