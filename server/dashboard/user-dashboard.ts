import { and, asc, countDistinct, eq, gte, inArray, lt } from "drizzle-orm";
import type { Actor } from "#server/auth/actor";
import { ownBookingsScope } from "#server/auth/policies";
import type { Database } from "#server/db/client";
import { countWhere } from "#server/db/count-where";
import { eventSummaryColumns } from "#server/events/queries";
import { events, partners, teamRegistrations } from "#server/db/schema";
import { pickText } from "~/lib/content-language";
import { publicEventHref } from "~/lib/public-paths";
import { getLocale } from "~/paraglide/runtime";
import { bookingRowStatus } from "./status";

const TABLE_ROWS = 5;

/** A registration that holds a place or waits for one. */
const isActive = inArray(teamRegistrations.status, ["confirmed", "waitlisted"]);

/**
 * A person's own bookings: everything is filtered by their user id. An event counts as
 * upcoming until it has ended. A past booking is a confirmed one: a team still on the
 * waitlist when the event ended never took part.
 */
export async function getUserDashboard(db: Database, actor: Actor, now = new Date()) {
  const isMine = ownBookingsScope(actor);
  const notEnded = gte(events.endsAt, now);

  const [stats] = await db
    .select({
      upcomingBookings: countWhere(and(isActive, notEnded)),
      pastBookings: countWhere(and(eq(teamRegistrations.status, "confirmed"), lt(events.endsAt, now))),
      waitlisted: countWhere(and(eq(teamRegistrations.status, "waitlisted"), notEnded)),
      eventsRegistered: countDistinct(teamRegistrations.eventId),
    })
    .from(teamRegistrations)
    .innerJoin(events, eq(events.id, teamRegistrations.eventId))
    .where(and(isMine, isActive));

  const rows = await db
    .select({
      id: teamRegistrations.id,
      registrationStatus: teamRegistrations.status,
      slug: events.slug,
      eventStatus: events.status,
      ...eventSummaryColumns,
      language: events.language,
      titleTranslation: events.titleTranslation,
    })
    .from(teamRegistrations)
    .innerJoin(events, eq(events.id, teamRegistrations.eventId))
    .innerJoin(partners, eq(partners.id, events.partnerId))
    .where(and(isMine, isActive, notEnded))
    .orderBy(asc(events.startsAt), asc(teamRegistrations.createdAt))
    .limit(TABLE_ROWS);

  return {
    stats: stats ?? { upcomingBookings: 0, pastBookings: 0, waitlisted: 0, eventsRegistered: 0 },
    bookings: rows.map((row) => {
      // The booker reads the title in their language where the partner translated it (ADR 034).
      const title = pickText(getLocale(), row.language, row.eventTitle, row.titleTranslation);
      return {
        id: row.id,
        title: title.value,
        ...(title.lang !== getLocale() && { titleLang: title.lang }),
        href: publicEventHref(row.slug, row.eventStatus),
        startsAt: row.eventStartsAt,
        organizerName: row.partnerName,
        status: bookingRowStatus(row.registrationStatus, row.eventStatus),
      };
    }),
  };
}
