import { and, eq, inArray, max, sql } from "drizzle-orm";
import { copenhagenInputValue } from "~/lib/dates";
import type { Database } from "#server/db/client";
import {
  declarationAcceptances,
  eventDeclarations,
  rowerSeats,
  seatAttendance,
  teamRegistrations,
} from "#server/db/schema";

/** How far the day has come (ADR 038): confirmed teams and their rowers only. */
export type CheckInCounts = {
  teams: number;
  /** Teams with at least one rower present. */
  teamsCheckedIn: number;
  rowers: number;
  rowersPresent: number;
  /** Rowers who have not accepted the event's current declaration (none or an older version). */
  declarationsMissing: number;
};

export const NO_CHECK_INS: CheckInCounts = {
  teams: 0,
  teamsCheckedIn: 0,
  rowers: 0,
  rowersPresent: 0,
  declarationsMissing: 0,
};

/**
 * The counts of each event, in one query for a whole list (the staff's dashboard) as for
 * one event (its page, the roster snapshot, every sync answer). The caller has already
 * scoped the events to the actor; an event without confirmed teams counts zero.
 */
export async function checkInCounts(
  db: Database,
  eventIds: readonly string[],
): Promise<Map<string, CheckInCounts>> {
  const counts = new Map<string, CheckInCounts>();
  if (eventIds.length === 0) return counts;
  const current = db
    .select({
      eventId: eventDeclarations.eventId,
      version: max(eventDeclarations.version).as("current_version"),
    })
    .from(eventDeclarations)
    .where(inArray(eventDeclarations.eventId, [...eventIds]))
    .groupBy(eventDeclarations.eventId)
    .as("current");
  const accepted = db
    .select({ seatId: declarationAcceptances.seatId, version: eventDeclarations.version })
    .from(declarationAcceptances)
    .innerJoin(eventDeclarations, eq(eventDeclarations.id, declarationAcceptances.declarationId))
    .where(inArray(eventDeclarations.eventId, [...eventIds]))
    .as("accepted");
  const present = sql`${seatAttendance.state} = 'present'`;
  const rows = await db
    .select({
      eventId: teamRegistrations.eventId,
      teams: sql<number>`count(distinct ${teamRegistrations.id})`.mapWith(Number),
      teamsCheckedIn: sql<number>`count(distinct ${teamRegistrations.id}) filter (where ${present})`.mapWith(
        Number,
      ),
      rowers: sql<number>`count(${rowerSeats.id})`.mapWith(Number),
      rowersPresent: sql<number>`count(${rowerSeats.id}) filter (where ${present})`.mapWith(Number),
      declarationsMissing: sql<number>`count(${rowerSeats.id}) filter (where ${current.version} is not null
        and (${accepted.version} is null or ${accepted.version} < ${current.version}))`.mapWith(Number),
    })
    .from(teamRegistrations)
    .leftJoin(rowerSeats, eq(rowerSeats.registrationId, teamRegistrations.id))
    .leftJoin(seatAttendance, eq(seatAttendance.seatId, rowerSeats.id))
    .leftJoin(accepted, eq(accepted.seatId, rowerSeats.id))
    .leftJoin(current, eq(current.eventId, teamRegistrations.eventId))
    .where(and(inArray(teamRegistrations.eventId, [...eventIds]), eq(teamRegistrations.status, "confirmed")))
    .groupBy(teamRegistrations.eventId);
  for (const { eventId, ...row } of rows) counts.set(eventId, row);
  return counts;
}

/** One event's counts. */
export async function eventCheckInCounts(db: Database, eventId: string): Promise<CheckInCounts> {
  return (await checkInCounts(db, [eventId])).get(eventId) ?? NO_CHECK_INS;
}

const copenhagenDay = (instant: Date) => copenhagenInputValue(instant).slice(0, 10);

/** Whether an event's counts are worth showing: it is today (Copenhagen time) or going on now. */
export function isCheckInDay(event: { startsAt: Date; endsAt: Date }, now: Date): boolean {
  const ongoing = event.startsAt.getTime() <= now.getTime() && now.getTime() < event.endsAt.getTime();
  return ongoing || copenhagenDay(event.startsAt) === copenhagenDay(now);
}
