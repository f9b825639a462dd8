import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import type { Actor } from "#server/auth/actor";
import { ownBookingsScope, publicEventsScope } from "#server/auth/policies";
import type { Database } from "#server/db/client";
import { events, partners, teamRegistrations } from "#server/db/schema";
import { countWhere } from "#server/dashboard/count-where";
import { publicEventHref } from "#server/dashboard/status";
import { isUuid } from "./rules";

const eventColumns = {
  id: events.id,
  slug: events.slug,
  title: events.title,
  location: events.location,
  startsAt: events.startsAt,
  endsAt: events.endsAt,
  registrationDeadline: events.registrationDeadline,
  status: events.status,
  teamSize: events.teamSize,
};

type BookingEvent = {
  status: (typeof events.$inferSelect)["status"];
  startsAt: Date;
  registrationDeadline: Date;
};

/** What My Bookings may offer for a booking at `now`; the commands check the same rules again. */
function allowedActions(
  status: (typeof teamRegistrations.$inferSelect)["status"],
  event: BookingEvent,
  now: Date,
) {
  const active = status !== "cancelled" && event.status !== "cancelled";
  return {
    canEdit: active && now < event.registrationDeadline,
    canCancel: status !== "cancelled" && now < event.startsAt,
  };
}

/** When a booking was cancelled; rows from before that was recorded count from their booking. */
const cancelledTime = (booking: { cancelledAt: Date | null; createdAt: Date }) =>
  (booking.cancelledAt ?? booking.createdAt).getTime();

/**
 * A person's bookings for My Bookings, in three groups. A cancelled booking is neither
 * upcoming nor past: it goes with the other cancelled ones, the latest cancellation first.
 * Of the others, an event is upcoming until it has ended: those still to come with the
 * soonest first, past ones with the latest first.
 */
export async function listMyRegistrations(db: Database, actor: Actor, now = new Date()) {
  const rows = await db
    .select({
      id: teamRegistrations.id,
      reference: teamRegistrations.reference,
      teamName: teamRegistrations.teamName,
      company: teamRegistrations.company,
      status: teamRegistrations.status,
      rosterCount: sql<number>`jsonb_array_length(${teamRegistrations.roster})`.mapWith(Number),
      createdAt: teamRegistrations.createdAt,
      cancelledAt: teamRegistrations.cancelledAt,
      event: eventColumns,
    })
    .from(teamRegistrations)
    .innerJoin(events, eq(events.id, teamRegistrations.eventId))
    .where(ownBookingsScope(actor))
    .orderBy(asc(events.startsAt), asc(teamRegistrations.createdAt), asc(teamRegistrations.id));

  const bookings = rows.map((row) => ({
    ...row,
    eventHref: publicEventHref(row.event.slug, row.event.status),
    ...allowedActions(row.status, row.event, now),
  }));
  const active = bookings.filter((booking) => booking.status !== "cancelled");
  return {
    upcoming: active.filter((booking) => booking.event.endsAt >= now),
    past: active.filter((booking) => booking.event.endsAt < now).reverse(),
    cancelled: bookings
      .filter((booking) => booking.status === "cancelled")
      .sort((a, b) => cancelledTime(b) - cancelledTime(a)),
  };
}

export type MyBooking = Awaited<ReturnType<typeof listMyRegistrations>>["upcoming"][number];

/** One of the person's own registrations with its event, or null for anyone else's. */
export async function getMyRegistration(
  db: Database,
  actor: Actor,
  registrationId: string,
  now = new Date(),
) {
  if (!isUuid(registrationId)) return null;
  const [row] = await db
    .select({
      registration: teamRegistrations,
      event: { ...eventColumns, locationDetails: events.locationDetails, maxTeams: events.maxTeams },
      organizerName: partners.name,
    })
    .from(teamRegistrations)
    .innerJoin(events, eq(events.id, teamRegistrations.eventId))
    .innerJoin(partners, eq(partners.id, events.partnerId))
    .where(and(eq(teamRegistrations.id, registrationId), ownBookingsScope(actor)));
  if (!row) return null;
  return {
    ...row,
    eventHref: publicEventHref(row.event.slug, row.event.status),
    ...allowedActions(row.registration.status, row.event, now),
  };
}

export type EventAvailability = {
  /** Confirmed teams. */
  teamsRegistered: number;
  maxTeams: number;
  spotsRemaining: number;
  waitlisted: number;
};

/** The live figures of a published event's page, counted from the rows; null for any other event. */
export async function eventAvailability(db: Database, eventId: string): Promise<EventAvailability | null> {
  if (!isUuid(eventId)) return null;
  const [row] = await db
    .select({
      maxTeams: events.maxTeams,
      teamsRegistered: countWhere(eq(teamRegistrations.status, "confirmed")),
      waitlisted: countWhere(eq(teamRegistrations.status, "waitlisted")),
    })
    .from(events)
    .leftJoin(teamRegistrations, eq(teamRegistrations.eventId, events.id))
    .where(and(eq(events.id, eventId), publicEventsScope))
    .groupBy(events.id);
  if (!row) return null;
  return { ...row, spotsRemaining: Math.max(0, row.maxTeams - row.teamsRegistered) };
}

/**
 * The teams a person holds at an event, confirmed or waitlisted (cancelled ones free
 * their place), as the event's teams-per-account cap counts them. For the page only:
 * the booking command counts again under the event's lock.
 */
export async function countAccountTeams(db: Database, eventId: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ held: count() })
    .from(teamRegistrations)
    .where(
      and(
        eq(teamRegistrations.eventId, eventId),
        eq(teamRegistrations.userId, userId),
        inArray(teamRegistrations.status, ["confirmed", "waitlisted"]),
      ),
    );
  return row?.held ?? 0;
}
