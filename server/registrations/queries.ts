import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import type { Actor } from "#server/auth/actor";
import { bookingActions } from "#server/auth/booking-actions";
import { ownBookingsScope, publicEventsScope } from "#server/auth/policies";
import type { Database } from "#server/db/client";
import type { TeamRegistration } from "#server/db/rows";
import { countWhere } from "#server/db/count-where";
import { bookingCalendarLinks } from "#server/ics/calendar-file";
import { events, partnerBillingProfiles, partners, teamRegistrations } from "#server/db/schema";
import { sellerProfileJoin, sellerVatStatus } from "#server/events/queries";
import { priceWithMoms } from "~/lib/billing/price-with-moms";
import { localizeTexts } from "~/lib/content-language";
import { isUuid } from "~/lib/ids";
import { publicEventHref } from "~/lib/public-paths";

/** The event of a booking, its texts in both languages (shown in the booker's, ADR 034). */
const eventColumns = {
  id: events.id,
  slug: events.slug,
  language: events.language,
  title: events.title,
  titleTranslation: events.titleTranslation,
  location: events.location,
  locationTranslation: events.locationTranslation,
  startsAt: events.startsAt,
  endsAt: events.endsAt,
  registrationDeadline: events.registrationDeadline,
  status: events.status,
  teamSize: events.teamSize,
};

/** The rest of what a booking's calendar file and links show (server/ics/calendar-file.ts). */
const calendarColumns = {
  description: events.description,
  descriptionTranslation: events.descriptionTranslation,
  locationDetails: events.locationDetails,
  locationDetailsTranslation: events.locationDetailsTranslation,
  updatedAt: events.updatedAt,
  calendarSequence: events.calendarSequence,
};

/** What My Bookings may offer for a booking at `now`; the commands assert the same rules. */
function allowedActions(...facts: Parameters<typeof bookingActions>) {
  const can = bookingActions(...facts);
  return { canEdit: can.edit, canCancel: can.cancel, editClosed: can.editClosed };
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
export async function listMyRegistrations(db: Database, actor: Actor, baseUrl: string, now = new Date()) {
  const rows = await db
    .select({
      id: teamRegistrations.id,
      userId: teamRegistrations.userId,
      reference: teamRegistrations.reference,
      teamName: teamRegistrations.teamName,
      company: teamRegistrations.company,
      status: teamRegistrations.status,
      rosterCount: sql<number>`jsonb_array_length(${teamRegistrations.roster})`.mapWith(Number),
      createdAt: teamRegistrations.createdAt,
      cancelledAt: teamRegistrations.cancelledAt,
      event: eventColumns,
      calendarFields: { ...calendarColumns, organizerName: partners.name },
      priceFields: { priceMinor: events.priceMinor, currency: events.currency, vatStatus: sellerVatStatus },
    })
    .from(teamRegistrations)
    .innerJoin(events, eq(events.id, teamRegistrations.eventId))
    .innerJoin(partners, eq(partners.id, events.partnerId))
    .leftJoin(partnerBillingProfiles, sellerProfileJoin)
    .where(ownBookingsScope(actor))
    .orderBy(asc(events.startsAt), asc(teamRegistrations.createdAt), asc(teamRegistrations.id));

  const bookings = rows.map(
    ({ userId, calendarFields: { organizerName, ...fields }, priceFields, ...row }) => ({
      ...row,
      // The event's price per team with the moms its partner's invoices carry (ADR 035).
      price: priceWithMoms(priceFields.priceMinor, priceFields.currency, priceFields.vatStatus),
      event: localizeTexts(row.event),
      eventHref: publicEventHref(row.event.slug, row.event.status),
      calendar: bookingCalendarLinks(row, { ...row.event, ...fields }, organizerName, baseUrl),
      ...allowedActions(actor, { userId, status: row.status }, row.event, now),
    }),
  );
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

/**
 * One of the person's own registrations with its event, or null for anyone else's. The
 * event is as stored; `localizeTexts` gives its texts in the reader's language.
 */
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
      event: {
        ...eventColumns,
        ...calendarColumns,
        maxTeams: events.maxTeams,
        rowerQuestions: events.rowerQuestions,
      },
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
    ...allowedActions(actor, row.registration, row.event, now),
  };
}

/**
 * What a booking's page shows of what its booker entered, the same for the booker's
 * confirmation and the organiser's record: the team, its captain, the billing details,
 * the roster and the notes, and nothing else of the row.
 */
export function bookingRecordOf(registration: TeamRegistration) {
  return {
    id: registration.id,
    reference: registration.reference,
    status: registration.status,
    teamName: registration.teamName,
    company: registration.company,
    captainName: registration.captainName,
    captainEmail: registration.captainEmail,
    captainPhone: registration.captainPhone,
    billingCompany: registration.billingCompany,
    billingAddressLine: registration.billingAddressLine,
    billingPostalCode: registration.billingPostalCode,
    billingCity: registration.billingCity,
    cvr: registration.cvr,
    ean: registration.ean,
    poReference: registration.poReference,
    personReference: registration.personReference,
    billingEmail: registration.billingEmail,
    roster: registration.roster,
    notes: registration.notes,
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
