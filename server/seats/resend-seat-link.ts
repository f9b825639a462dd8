import { and, eq, gt, sql } from "drizzle-orm";
import { isUuid } from "~/lib/ids";
import type { Actor } from "#server/auth/actor";
import { ownBookingsScope } from "#server/auth/policies";
import type { Database } from "#server/db/client";
import { events, rowerSeats, teamRegistrations } from "#server/db/schema";
import { enqueueEmail } from "#server/email/enqueue-email";
import { seatCodeOf } from "#server/qr/team-code";
import { registrationNotFound } from "#server/registrations/errors";
import { enforceRateLimits } from "#server/security/rate-limits";
import { seatLinkMail } from "./emails";
import { seatLinkNotFound, seatLinksClosed, seatNotFound, seatWithoutAddress } from "./errors";
import { findCrewByToken } from "./find-crew-by-token";
import type { SeatLinkServices } from "./send-seat-links";

export type ResendSeatLinkRequest = {
  /**
   * Who asks: the captain by their crew link, or the booker signed in, for one of their
   * own bookings. A crew link that opens nothing is the crew page's 404; another
   * person's booking is "not found", and nothing is sent.
   */
  by: { crewToken: unknown } | { actor: Actor; registrationId: string };
  seatId: unknown;
  now?: Date;
};

/**
 * Mails a rower their link again, the same link (ADR 038), while the place is confirmed
 * and the event has not ended. Mail to someone who never signed up is limited: once per
 * seat in 10 minutes, and a few per booking an hour, counted before anything is sent.
 */
export async function resendSeatLink(
  services: SeatLinkServices & { db: Database },
  { by, seatId, now = new Date() }: ResendSeatLinkRequest,
): Promise<void> {
  const registrationId = await bookingAskedFor(services, by, now);
  if (typeof seatId !== "string" || !isUuid(seatId)) throw seatNotFound();
  const [seat] = await services.db
    .select({ email: rowerSeats.email })
    .from(rowerSeats)
    .where(and(eq(rowerSeats.id, seatId.toLowerCase()), eq(rowerSeats.registrationId, registrationId)));
  if (!seat) throw seatNotFound();
  if (!seat.email) throw seatWithoutAddress();
  // Outside the transaction: a refusal must stay counted.
  await enforceRateLimits(
    services.db,
    [
      ["seatLinkResendPerSeat", seatId.toLowerCase()],
      ["seatLinkResendPerBooking", registrationId],
    ],
    now,
  );

  await services.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ seat: rowerSeats, event: events, registration: teamRegistrations })
      .from(rowerSeats)
      .innerJoin(teamRegistrations, eq(teamRegistrations.id, rowerSeats.registrationId))
      .innerJoin(events, eq(events.id, teamRegistrations.eventId))
      .where(and(eq(rowerSeats.id, seatId.toLowerCase()), eq(rowerSeats.registrationId, registrationId)))
      .for("update", { of: rowerSeats });
    // Removed or readdressed meanwhile: the roster edit sends the new person their own link.
    if (!found?.seat.email) throw seatNotFound();
    const { seat: current, event, registration } = found;
    await enqueueEmail(
      services.jobs,
      tx,
      seatLinkMail(services, {
        seat: { ...current, email: found.seat.email },
        event,
        team: { id: registration.id, teamName: registration.teamName, reference: registration.reference },
        code: seatCodeOf(registration, event, current.id, now),
      }),
    );
    await tx
      .update(rowerSeats)
      .set({ invitedAt: sql`coalesce(${rowerSeats.invitedAt}, ${now.toISOString()}::timestamptz)` })
      .where(eq(rowerSeats.id, current.id));
  });
}

/** The booking the request may act on, or its refusal. */
async function bookingAskedFor(
  services: SeatLinkServices & { db: Database },
  by: ResendSeatLinkRequest["by"],
  now: Date,
): Promise<string> {
  if ("crewToken" in by) {
    // The crew link only opens a confirmed booking of an event still to end.
    const crew = await findCrewByToken(services, by.crewToken, now);
    if (!crew) throw seatLinkNotFound();
    return crew.registration.id;
  }
  if (!isUuid(by.registrationId)) throw registrationNotFound();
  const [found] = await services.db
    .select({ id: teamRegistrations.id, status: teamRegistrations.status, open: gt(events.endsAt, now) })
    .from(teamRegistrations)
    .innerJoin(events, eq(events.id, teamRegistrations.eventId))
    .where(and(eq(teamRegistrations.id, by.registrationId), ownBookingsScope(by.actor)));
  if (!found) throw registrationNotFound();
  if (found.status !== "confirmed" || !found.open) throw seatLinksClosed();
  return found.id;
}
