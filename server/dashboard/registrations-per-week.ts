import { and, eq, gte, inArray, sql } from "drizzle-orm";
import { SITE_ZONE_SQL } from "#server/db/site-zone";
import { addDays, copenhagenDate, dateKey, isoWeekNumber, mondayOf } from "~/lib/calendar-date";
import { copenhagenTime } from "~/lib/dates";
import type { Actor } from "#server/auth/actor";
import { dashboardRegistrationsScope, type Area } from "#server/auth/policies";
import type { Database } from "#server/db/client";
import { events, teamRegistrations } from "#server/db/schema";

const ACTIVITY_WEEKS = 8;

/** One bar of the activity chart: the week starting Monday 00:00 in Copenhagen. */
export type WeekCount = { weekStart: Date; week: number; count: number };

/**
 * Registrations made in each of the last eight weeks (this week last), zero-filled.
 * Counted by the day the team was registered; cancelled registrations are left out so
 * the chart agrees with the figures beside it. Weeks follow Copenhagen's calendar, so
 * a booking made at 00:30 on a Monday falls in that Monday's week, not the one before.
 */
export async function registrationsPerWeek(
  db: Database,
  /** Whose registrations are counted: the area's scope for this actor (server/auth/policies.ts). */
  { actor, area }: { actor: Actor; area: Area },
  now = new Date(),
): Promise<WeekCount[]> {
  const thisMonday = mondayOf(copenhagenDate(now));
  const mondays = Array.from({ length: ACTIVITY_WEEKS }, (_, index) =>
    addDays(thisMonday, (index - ACTIVITY_WEEKS + 1) * 7),
  );
  const weekStarts = mondays.map((monday) => copenhagenTime(monday.year, monday.month, monday.day));

  // The zone is written into the statement rather than bound, so the expression in the
  const zone = SITE_ZONE_SQL;
  const week = sql<string>`to_char(date_trunc('week', ${teamRegistrations.createdAt} at time zone ${zone}), 'YYYY-MM-DD')`;

  const conditions = [
    dashboardRegistrationsScope(actor, area),
    inArray(teamRegistrations.status, ["confirmed", "waitlisted"]),
    gte(teamRegistrations.createdAt, weekStarts[0]!),
  ];

  const rows = await db
    .select({ week, count: sql<number>`count(*)`.mapWith(Number) })
    .from(teamRegistrations)
    .innerJoin(events, eq(events.id, teamRegistrations.eventId))
    .where(and(...conditions))
    .groupBy(week);

  const counts = new Map(rows.map((row) => [row.week, row.count]));
  return mondays.map((monday, index) => ({
    weekStart: weekStarts[index]!,
    week: isoWeekNumber(monday),
    count: counts.get(dateKey(monday)) ?? 0,
  }));
}
