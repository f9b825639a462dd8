import { and, asc, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import type { Actor } from "#server/auth/actor";
import type { Database } from "#server/db/client";
import { keysetPages } from "#server/db/keyset-pages";
import { eventSummaryColumns } from "#server/events/queries";
import { events, partners, teamRegistrations } from "#server/db/schema";
import { assertReportReader } from "./event-figures";
import { rangeBounds, type ReportRange } from "./report-range";

/** Where a row stands in the file's order, timestamps as text: a JS Date keeps only milliseconds. */
type ExportCursor = {
  eventStartsAtKey: string;
  eventId: string;
  bookedAtKey: string;
  registrationId: string;
};

/**
 * After `cursor` in the file's order: a later event, or the same event and a later
 * booking (among bookings of the same moment, a lower id). The first condition starts
 * the events' index at the cursor's event.
 */
function afterCursor(cursor: ExportCursor): SQL {
  const event = sql`(${cursor.eventStartsAtKey}::timestamptz, ${cursor.eventId}::uuid)`;
  const bookedAt = sql`${cursor.bookedAtKey}::timestamptz`;
  return sql`(${events.startsAt}, ${events.id}) >= ${event}
    and ((${events.startsAt}, ${events.id}) > ${event}
      or ${teamRegistrations.createdAt} > ${bookedAt}
      or (${teamRegistrations.createdAt} = ${bookedAt} and ${teamRegistrations.id} < ${cursor.registrationId}::uuid))`;
}

/** One keyset page of the file: at most `limit` registrations after `after`. */
function exportPage(db: Database, range: SQL | undefined, after: ExportCursor | null, limit: number) {
  return db
    .select({
      registrationId: teamRegistrations.id,
      reference: teamRegistrations.reference,
      eventId: events.id,
      eventStartsAtKey: sql<string>`${events.startsAt}::text`,
      bookedAtKey: sql<string>`${teamRegistrations.createdAt}::text`,
      ...eventSummaryColumns,
      status: teamRegistrations.status,
      teamName: teamRegistrations.teamName,
      company: teamRegistrations.company,
      captainName: teamRegistrations.captainName,
      captainEmail: teamRegistrations.captainEmail,
      bookedAt: teamRegistrations.createdAt,
      cancelledAt: teamRegistrations.cancelledAt,
      priceMinor: events.priceMinor,
      currency: events.currency,
      billingCompany: teamRegistrations.billingCompany,
      cvr: teamRegistrations.cvr,
      ean: teamRegistrations.ean,
      poReference: teamRegistrations.poReference,
      billingEmail: teamRegistrations.billingEmail,
    })
    .from(teamRegistrations)
    .innerJoin(events, eq(events.id, teamRegistrations.eventId))
    .innerJoin(partners, eq(partners.id, events.partnerId))
    .where(and(range, after ? afterCursor(after) : undefined))
    .orderBy(
      asc(events.startsAt),
      asc(events.id),
      asc(teamRegistrations.createdAt),
      // Descending, so each event's bookings are `team_registrations_event_created_idx` read backwards.
      desc(teamRegistrations.id),
    )
    .limit(limit);
}

export type RegistrationExportRow = Awaited<ReturnType<typeof exportPage>>[number];

/**
 * Every registration, whatever its status, of the events starting in the range (by
 * their start in Copenhagen, as the reports count them), or of every event for "all",
 * in event order and then in the order the teams booked: read a keyset page at a time
 * as the file is sent, along `events_starts_at_id_idx` and each event's part of
 * `team_registrations_event_created_idx`.
 */
export function registrationPagesInRange(
  db: Database,
  { actor, range }: { actor: Actor; range: ReportRange | "all" },
  size?: number,
) {
  assertReportReader(actor);
  const bounds = range === "all" ? null : rangeBounds(range);
  const inRange = bounds
    ? and(gte(events.startsAt, bounds.start), lt(events.startsAt, bounds.end))
    : undefined;
  return keysetPages<RegistrationExportRow>((after, limit) => exportPage(db, inRange, after, limit), size);
}
