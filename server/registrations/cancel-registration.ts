import { and, eq, sql } from "drizzle-orm";
import type { Actor } from "#server/auth/actor";
import { canChangeBooking, ownBookingsScope } from "#server/auth/policies";
import { teamRegistrations } from "#server/db/schema";
import { forbidden } from "#server/errors";
import {
  bookingParties,
  cancellationMails,
  enqueueEmails,
  partnerNoticeMails,
  promotionMail,
  type Booking,
} from "./emails";
import { closed, registrationNotFound } from "./errors";
import type { RegistrationServices } from "./register-team";
import { fillFreeSpots } from "./fill-free-spots";
import { isUuid, lockEvent, type TeamRegistration } from "./rules";

export type CancelRegistrationRequest = {
  actor: Actor;
  registrationId: string;
  now?: Date;
};

export type CancelRegistrationResult = {
  registration: TeamRegistration;
  /** Waitlisted teams that took the freed spot, oldest first (normally one, or none). */
  promoted: TeamRegistration[];
};

/**
 * Cancels one of the actor's own registrations until the event starts. A confirmed
 * team's spot goes to the team that has waited longest, in the same transaction and
 * under the same event lock as new bookings. The captain of the cancelled team, the
 * captain of a promoted one and the organising partner's members are emailed: the mails
 * are queued in the same transaction. Cancelling twice is harmless: the second call
 * changes nothing and sends nothing.
 */
export async function cancelRegistration(
  services: RegistrationServices,
  { actor, registrationId, now = new Date() }: CancelRegistrationRequest,
): Promise<CancelRegistrationResult> {
  if (!isUuid(registrationId)) throw registrationNotFound();

  return services.db.transaction(async (tx) => {
    const [owned] = await tx
      .select({ eventId: teamRegistrations.eventId, userId: teamRegistrations.userId })
      .from(teamRegistrations)
      .where(and(eq(teamRegistrations.id, registrationId), ownBookingsScope(actor)));
    if (!owned) throw registrationNotFound();
    if (!canChangeBooking(actor, owned)) throw forbidden();

    // The event first, then the registration: the order every command locks in, so none deadlock.
    const event = await lockEvent(tx, owned.eventId);
    const [registration] = await tx
      .select()
      .from(teamRegistrations)
      .where(eq(teamRegistrations.id, registrationId))
      .for("update");
    if (!event || !registration) throw registrationNotFound();

    if (registration.status === "cancelled") return { registration, promoted: [] };
    if (event.startsAt <= now) {
      throw closed(
        "This event has already started, so the booking can no longer be cancelled.",
        event.endsAt <= now ? "ended" : "started",
      );
    }

    const [cancelled] = await tx
      .update(teamRegistrations)
      .set({ status: "cancelled", cancelledAt: now, updatedAt: sql`clock_timestamp()` })
      .where(eq(teamRegistrations.id, registrationId))
      .returning();
    if (!cancelled) throw registrationNotFound();

    // A called-off event promises no one a spot.
    const freedSpot = registration.status === "confirmed" && event.status === "published";
    const promoted = freedSpot ? await fillFreeSpots(tx, event) : [];

    const parties = await bookingParties(tx, event, [cancelled.userId, ...promoted.map((row) => row.userId)]);
    const booking = (row: TeamRegistration): Booking => ({
      registration: row,
      event,
      organizerName: parties.organizerName,
      bookerEmail: parties.bookerEmails.get(row.userId) ?? row.captainEmail ?? "",
    });
    await enqueueEmails(services.jobs, tx, [
      ...cancellationMails(booking(cancelled), services),
      ...partnerNoticeMails("cancelled", booking(cancelled), parties.memberEmails, services),
      ...promoted.flatMap((row) => [
        promotionMail(booking(row), services, now),
        ...partnerNoticeMails("promoted", booking(row), parties.memberEmails, services),
      ]),
    ]);
    return { registration: cancelled, promoted };
  });
}
