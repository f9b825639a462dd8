import { and, count, desc, eq } from "drizzle-orm";
import type { Actor } from "#server/auth/actor";
import { managedEventsScope } from "#server/auth/policies";
import type { Database } from "#server/db/client";
import {
  declarationAcceptances,
  eventDeclarations,
  events,
  partners,
  rowerSeats,
  teamRegistrations,
  users,
} from "#server/db/schema";
import { isUuid } from "~/lib/ids";
import { eventNotFound } from "#server/events/managed-event";
import type { SeatState } from "./seat-state";
import { seatStateSql } from "./seat-state-sql";

const NO_SEATS: Record<SeatState, number> = {
  no_address: 0,
  invited: 0,
  declaration_missing: 0,
  confirmed: 0,
};

/**
 * What the event's day page shows its partner's members and admins (ADR 038): the
 * declaration's versions, newest first, with who wrote each and how many rowers accepted
 * it, and the seats of confirmed teams counted by state. Another partner's event, or an
 * unknown id, is "not found".
 */
export async function eventDay(db: Database, actor: Actor, eventId: unknown) {
  if (!isUuid(eventId)) throw eventNotFound();
  const [event] = await db
    .select({
      id: events.id,
      title: events.title,
      status: events.status,
      language: events.language,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      partnerName: partners.name,
    })
    .from(events)
    .innerJoin(partners, eq(partners.id, events.partnerId))
    .where(and(eq(events.id, eventId), managedEventsScope(actor)));
  if (!event) throw eventNotFound();

  const state = seatStateSql.as("state");
  const [versions, states] = await Promise.all([
    db
      .select({
        id: eventDeclarations.id,
        version: eventDeclarations.version,
        text: eventDeclarations.text,
        textTranslation: eventDeclarations.textTranslation,
        createdAt: eventDeclarations.createdAt,
        authorName: users.name,
        authorEmail: users.email,
        accepted: count(declarationAcceptances.seatId),
      })
      .from(eventDeclarations)
      .leftJoin(users, eq(users.id, eventDeclarations.createdBy))
      .leftJoin(declarationAcceptances, eq(declarationAcceptances.declarationId, eventDeclarations.id))
      .where(eq(eventDeclarations.eventId, event.id))
      .groupBy(eventDeclarations.id, users.id)
      .orderBy(desc(eventDeclarations.version)),
    db
      .select({ state, seats: count() })
      .from(rowerSeats)
      .innerJoin(teamRegistrations, eq(teamRegistrations.id, rowerSeats.registrationId))
      .where(and(eq(rowerSeats.eventId, event.id), eq(teamRegistrations.status, "confirmed")))
      .groupBy(seatStateSql),
  ]);
  const seats = { ...NO_SEATS };
  for (const row of states) seats[row.state] = row.seats;
  return { event, versions, current: versions[0] ?? null, seats };
}
