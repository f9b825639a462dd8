import { and, asc, eq, gte, lt } from "drizzle-orm";
import type { Actor } from "#server/auth/actor";
import type { Database } from "#server/db/client";
import { eventSummaryColumns } from "#server/events/queries";
import { events, partners, teamRegistrations } from "#server/db/schema";
import { assertReportReader } from "./event-figures";
import { rangeBounds, type ReportRange } from "./report-range";

/**
 * Every registration, whatever its status, of the events starting in the range (by
 * their start in Copenhagen, as the reports count them), or of every event for "all",
 * in event order and then in the order the teams booked.
 */
export async function registrationsInRange(
  db: Database,
  { actor, range }: { actor: Actor; range: ReportRange | "all" },
) {
  assertReportReader(actor);
  const bounds = range === "all" ? null : rangeBounds(range);
  return db
    .select({
      reference: teamRegistrations.reference,
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
    .where(bounds ? and(gte(events.startsAt, bounds.start), lt(events.startsAt, bounds.end)) : undefined)
    .orderBy(
      asc(events.startsAt),
      asc(events.id),
      asc(teamRegistrations.createdAt),
      asc(teamRegistrations.reference),
    );
}

export type RegistrationExportRow = Awaited<ReturnType<typeof registrationsInRange>>[number];
