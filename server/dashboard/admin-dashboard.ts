import { and, asc, count, eq, gte, ne, sql } from "drizzle-orm";
import { copenhagenDate } from "~/lib/calendar-date";
import { copenhagenTime } from "~/lib/dates";
import type { Actor } from "#server/auth/actor";
import { canReadReports } from "#server/auth/policies";
import type { Database } from "#server/db/client";
import { countWhere } from "#server/db/count-where";
import { events, partnerApplications, partners, profiles, teamRegistrations } from "#server/db/schema";
import { forbidden } from "#server/errors";
import { dashboardEventRow, eventRowColumns } from "./event-row";

const TABLE_ROWS = 5;

/** Site-wide figures for admins. "This month" is the calendar month in Copenhagen. */
export async function getAdminDashboard(db: Database, actor: Actor, now = new Date()) {
  if (!canReadReports(actor)) throw forbidden();
  const today = copenhagenDate(now);
  const monthStart = copenhagenTime(today.year, today.month, 1);

  const [[people], [partnerFigures], [applications], [review], [teams], rows] = await Promise.all([
    db.select({ profiles: count() }).from(profiles),
    db.select({ approved: countWhere(eq(partners.status, "approved")) }).from(partners),
    db
      .select({ pending: count() })
      .from(partnerApplications)
      .where(eq(partnerApplications.status, "pending")),
    // New events in review, and changes to published events in review: the admins' queue.
    db
      .select({
        // Written with aliases: Drizzle leaves column names bare in single-table queries.
        pending: sql<number>`(select count(*)::int from events e where e.status = 'pending_review')
          + (select count(*)::int from event_revisions r join events e on e.id = r.event_id
             where r.status = 'pending_review' and e.status = 'published')`,
      })
      .from(sql`(select 1) as one`),
    db
      .select({ confirmed: count(), thisMonth: countWhere(gte(teamRegistrations.createdAt, monthStart)) })
      .from(teamRegistrations)
      .where(eq(teamRegistrations.status, "confirmed")),
    // Drafts stay private to their partner until submitted for review.
    db
      .select({
        ...eventRowColumns,
        partnerName: partners.name,
      })
      .from(events)
      .innerJoin(partners, eq(partners.id, events.partnerId))
      .where(and(ne(events.status, "draft"), gte(events.endsAt, now)))
      .orderBy(asc(events.startsAt), asc(events.title))
      .limit(TABLE_ROWS),
  ]);

  return {
    stats: {
      users: people?.profiles ?? 0,
      approvedPartners: partnerFigures?.approved ?? 0,
      pendingApplications: applications?.pending ?? 0,
      eventsAwaitingReview: review?.pending ?? 0,
      confirmedRegistrations: teams?.confirmed ?? 0,
      registrationsThisMonth: teams?.thisMonth ?? 0,
    },
    events: rows.map((row) => ({
      ...dashboardEventRow(row),
      partnerName: row.partnerName,
    })),
  };
}
