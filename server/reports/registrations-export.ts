import { and, asc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import type { Actor } from "#server/auth/actor";
import type { Database } from "#server/db/client";
import { keysetPages } from "#server/db/keyset-pages";
import { eventSummaryColumns } from "#server/events/queries";
import { events, partners, teamRegistrations } from "#server/db/schema";
import { assertReportReader } from "./event-figures";
import { rangeBounds, type ReportRange } from "./report-range";

/** Where a row stands in the file's order, timestamps as text: a JS Date keeps only milliseconds. */
type ExportCursor = { eventStartsAtKey: string; eventId: string; bookedAtKey: string; reference: string };

/**
 * After `cursor` in the file's order. The first condition is the second's prefix, said
 * on its own so PostgreSQL starts the events' index at the cursor's event.
 */
function afterCursor(cursor: ExportCursor): SQL {
  const startsAt = sql`${cursor.eventStartsAtKey}::timestamptz`;
  const eventId = sql`${cursor.eventId}::uuid`;
  return sql`(${events.startsAt}, ${events.id}) >= (${startsAt}, ${eventId})
    and (${events.startsAt}, ${events.id}, ${teamRegistrations.createdAt}, ${teamRegistrations.reference})
      > (${startsAt}, ${eventId}, ${cursor.bookedAtKey}::timestamptz, ${cursor.reference})`;
}

/** One keyset page of the file: at most `limit` registrations after `after`. */
function exportPage(db: Database, range: SQL | undefined, after: ExportCursor | null, limit: number) {
  return db
    .select({
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
      asc(teamRegistrations.reference),
    )
    .limit(limit);
}

export type RegistrationExportRow = Awaited<ReturnType<typeof exportPage>>[number];

/**
 * Every registration, whatever its status, of the events starting in the range (by
 * their start in Copenhagen, as the reports count them), or of every event for "all",
 * in event order and then in the order the teams booked: read a keyset page at a time
 * as the file is sent, along `events_starts_at_id_idx` and
 * `team_registrations_event_created_reference_idx`.
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
