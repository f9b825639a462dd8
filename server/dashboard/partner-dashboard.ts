import { and, asc, count, eq, gte, sql } from "drizzle-orm";
import type { Actor } from "#server/auth/actor";
import { managedEventsScope } from "#server/auth/policies";
import type { Database } from "#server/db/client";
import { countWhere } from "#server/db/count-where";
import { events, teamRegistrations } from "#server/db/schema";
import { placesTakenCount } from "#server/registrations/rules";
import { dashboardEventRow, eventRowColumns } from "./event-row";

const TABLE_ROWS = 5;

/**
 * The events the actor manages and the teams on them (every partner's, for an admin);
 * nothing outside that scope is read.
 * Fill rate compares confirmed teams with the places offered, both over the published
 * events that have not ended; it is null when there are no such places.
 */
export async function getPartnerDashboard(db: Database, actor: Actor, now = new Date()) {
  const managed = managedEventsScope(actor);
  const isOpen = and(eq(events.status, "published"), gte(events.endsAt, now));

  const [eventFigures] = await db
    .select({
      events: count(),
      upcomingEvents: countWhere(isOpen),
      upcomingPlaces: sql<number>`coalesce(sum(${events.maxTeams}) filter (where ${isOpen}), 0)`.mapWith(
        Number,
      ),
    })
    .from(events)
    .where(managed);

  const [teamFigures] = await db
    .select({ registrations: count(), upcomingConfirmed: countWhere(isOpen) })
    .from(teamRegistrations)
    .innerJoin(events, eq(events.id, teamRegistrations.eventId))
    .where(and(managed, eq(teamRegistrations.status, "confirmed")));

  const rows = await db
    .select({
      ...eventRowColumns,
      maxTeams: events.maxTeams,
      confirmedTeams: placesTakenCount,
    })
    .from(events)
    .where(and(managed, gte(events.endsAt, now)))
    .orderBy(asc(events.startsAt), asc(events.title))
    .limit(TABLE_ROWS);

  const places = eventFigures?.upcomingPlaces ?? 0;
  const upcomingConfirmed = teamFigures?.upcomingConfirmed ?? 0;
  return {
    stats: {
      events: eventFigures?.events ?? 0,
      registrations: teamFigures?.registrations ?? 0,
      upcomingEvents: eventFigures?.upcomingEvents ?? 0,
      fillRatePercent: places > 0 ? Math.round((upcomingConfirmed / places) * 100) : null,
      upcomingConfirmed,
      upcomingPlaces: places,
    },
    events: rows.map((row) => ({
      ...dashboardEventRow(row),
      confirmedTeams: row.confirmedTeams,
      maxTeams: row.maxTeams,
    })),
  };
}
