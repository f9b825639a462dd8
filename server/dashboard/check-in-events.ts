import { asc, eq } from "drizzle-orm";
import type { Actor } from "#server/auth/actor";
import { staffEventsScope } from "#server/auth/policies";
import { checkInCounts, isCheckInDay, NO_CHECK_INS } from "#server/check-in/check-in-counts";
import type { Database } from "#server/db/client";
import { events, partners } from "#server/db/schema";
import { localizeTexts } from "~/lib/content-language";

/** As many of the day's events as a dashboard lists; the crew lists are a click away. */
const CHECK_IN_EVENTS_SHOWN = 10;

/**
 * The events a person checks teams in for as staff (ADR 038), soonest first: their
 * partners' published or called-off events, from a day after the end. Full members and
 * admins find theirs in the partner area; this is check-in staff's way in.
 */
export async function listCheckInEvents(db: Database, actor: Actor, now: Date) {
  if ((actor.checkInPartnerIds ?? []).length === 0) return [];
  const rows = await db
    .select({
      id: events.id,
      language: events.language,
      title: events.title,
      titleTranslation: events.titleTranslation,
      status: events.status,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      partnerName: partners.name,
    })
    .from(events)
    .innerJoin(partners, eq(partners.id, events.partnerId))
    .where(staffEventsScope(actor, now))
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(CHECK_IN_EVENTS_SHOWN);
  // The day's events show how far check-in has come (ADR 038), counted in one query.
  const today = rows.filter((row) => isCheckInDay(row, now)).map((row) => row.id);
  const counts = await checkInCounts(db, today);
  // Each title in the page's language where the partner translated it.
  return rows.map((row) => ({
    ...localizeTexts(row),
    checkIn: today.includes(row.id) ? (counts.get(row.id) ?? NO_CHECK_INS) : null,
  }));
}
