import { and, asc, desc, eq, gte, lt, lte, sql, type SQL } from "drizzle-orm";
import { SITE_ZONE_SQL } from "#server/db/site-zone";
import type { Actor } from "#server/auth/actor";
import { managedEventsScope, seesAllPartners } from "#server/auth/policies";
import type { Database } from "#server/db/client";
import { eventPageViews, events, partners, teamRegistrations } from "#server/db/schema";
import { notFound } from "#server/errors";
import { revenueSharePercentSql, shareOf } from "#server/partners/revenue-share";
import { isUuid } from "~/lib/ids";
import { publicEventHref } from "~/lib/paths";
import { chartBuckets, fillBuckets, rangeInstants, type Bucket, type DayRange } from "./date-range";
import { m } from "~/paraglide/messages";

/** Amounts in one currency, in its minor units; different currencies are never added. */
export type CurrencyAmount = { currency: string; revenueMinor: number; shareMinor: number };

/** The figures of one event over the range, and its current bookings. */
export type EventFigures = {
  id: string;
  title: string;
  partnerName: string;
  status: (typeof events.$inferSelect)["status"];
  startsAt: Date;
  /** The public page, for events that have one. */
  href: string | null;
  views: number;
  registrations: number;
  /** Registrations per page view, or null without views. */
  conversion: number | null;
  confirmed: number;
  maxTeams: number;
  /** Confirmed teams per place offered; null for a cancelled event, which offers none. */
  fillRate: number | null;
  waitlisted: number;
  cancellations: number;
  currency: string;
  revenueMinor: number;
  sharePercent: number;
  shareMinor: number;
};

export type ChartBar = Bucket & { count: number };

export type PartnerAnalytics = {
  allPartners: boolean;
  totals: {
    views: number;
    registrations: number;
    conversion: number | null;
    confirmed: number;
    places: number;
    fillRate: number | null;
    waitlisted: number;
    cancellations: number;
    revenue: CurrencyAmount[];
  };
  events: EventFigures[];
  charts: { granularity: "day" | "week"; views: ChartBar[]; registrations: ChartBar[] };
};

const ratio = (part: number, whole: number): number | null => (whole > 0 ? part / whole : null);

// Bound as text, a timestamp is read by the driver the same way on PGlite and PostgreSQL.
const instant = (value: Date) => sql`${value.toISOString()}::timestamptz`;

/**
 * Events listed in the filter at most: an admin's 10,000 events made the page 16 MB. An
 * event further down stays chosen when the address names it.
 */
const EVENT_OPTIONS = 200;

/** Rows of the figures-per-event table on one page; the totals cover every row. */
export const ANALYTICS_EVENTS_PAGE_SIZE = 50;

/**
 * The events the filter may pick, for its list: the latest EVENT_OPTIONS the actor manages
 * (every partner's for an admin), and `chosenId` when it is one of theirs further down.
 */
export async function listAnalyticsEvents(db: Database, actor: Actor, chosenId: string | null = null) {
  const options = () =>
    db
      .select({ id: events.id, title: events.title, partnerName: partners.name })
      .from(events)
      .innerJoin(partners, eq(partners.id, events.partnerId));
  const latest = await options()
    .where(managedEventsScope(actor))
    .orderBy(desc(events.startsAt), asc(events.title), asc(events.id))
    .limit(EVENT_OPTIONS);
  if (!chosenId || !isUuid(chosenId) || latest.some((event) => event.id === chosenId)) return latest;
  const chosen = await options().where(and(managedEventsScope(actor), eq(events.id, chosenId)));
  return [...latest, ...chosen];
}

/**
 * The partner area's analytics over a range of Copenhagen days, for the events the actor
 * manages (every partner's for an admin), or for one of them (`eventId`; another
 * partner's or an unknown id is "not found").
 *
 * Views and registrations are what happened in the range: page views counted per day,
 * teams registered by when they booked (whatever became of the booking since), bookings
 * cancelled by when they were cancelled. Fill rate, waitlist and revenue are the bookings
 * as they stand now. An event is listed when something happened to it in the range or
 * it takes place in it; the totals are the sums of the listed events.
 */
export async function getPartnerAnalytics(
  db: Database,
  { actor, range, eventId = null }: { actor: Actor; range: DayRange; eventId?: string | null },
): Promise<PartnerAnalytics> {
  const scope: SQL | undefined = and(managedEventsScope(actor), eventId ? eq(events.id, eventId) : undefined);
  if (eventId !== null) {
    const [found] = isUuid(eventId) ? await db.select({ id: events.id }).from(events).where(scope) : [];
    if (!found) throw notFound(m.err_event_not_found());
  }

  const { start, end } = rangeInstants(range);
  const viewsInRange = sql`v.day between ${range.from}::date and ${range.to}::date`;
  const bookedInRange = sql`r.created_at >= ${instant(start)} and r.created_at < ${instant(end)}`;
  const cancelledInRange = sql`r.cancelled_at >= ${instant(start)} and r.cancelled_at < ${instant(end)}`;
  const registrationsOf = (condition: SQL) =>
    sql<number>`(select count(*) from ${teamRegistrations} r where r.event_id = ${events.id} and ${condition})`.mapWith(
      Number,
    );
  const views = sql<number>`(select coalesce(sum(v.views), 0) from ${eventPageViews} v
    where v.event_id = ${events.id} and ${viewsInRange})`.mapWith(Number);
  const takesPlace = and(
    sql`${events.publishedAt} is not null`,
    lt(events.startsAt, end),
    gte(events.endsAt, start),
  );
  const active = sql`(exists (select 1 from ${eventPageViews} v where v.event_id = ${events.id} and ${viewsInRange})
    or exists (select 1 from ${teamRegistrations} r where r.event_id = ${events.id}
      and ((${bookedInRange}) or (${cancelledInRange})))
    or ${takesPlace})`;

  // The zone is written into the statement rather than bound, so the expression in the
  const zone = SITE_ZONE_SQL;
  const bookingDay = sql<string>`to_char(${teamRegistrations.createdAt} at time zone ${zone}, 'YYYY-MM-DD')`;
  const viewDay = sql<string>`to_char(${eventPageViews.day}, 'YYYY-MM-DD')`;

  const [rows, viewsPerDay, bookingsPerDay] = await Promise.all([
    db
      .select({
        id: events.id,
        title: events.title,
        slug: events.slug,
        status: events.status,
        startsAt: events.startsAt,
        maxTeams: events.maxTeams,
        priceMinor: events.priceMinor,
        currency: events.currency,
        partnerName: partners.name,
        sharePercent: sql<number>`${revenueSharePercentSql}`.mapWith(Number),
        views,
        registrations: registrationsOf(bookedInRange),
        cancellations: registrationsOf(cancelledInRange),
        confirmed: registrationsOf(sql`r.status = 'confirmed'`),
        waitlisted: registrationsOf(sql`r.status = 'waitlisted'`),
      })
      .from(events)
      .innerJoin(partners, eq(partners.id, events.partnerId))
      .where(and(scope, active))
      .orderBy(asc(events.startsAt), asc(events.title)),
    db
      .select({ day: viewDay, count: sql<number>`sum(${eventPageViews.views})`.mapWith(Number) })
      .from(eventPageViews)
      .innerJoin(events, eq(events.id, eventPageViews.eventId))
      .where(and(scope, gte(eventPageViews.day, range.from), lte(eventPageViews.day, range.to)))
      .groupBy(viewDay),
    db
      .select({ day: bookingDay, count: sql<number>`count(*)`.mapWith(Number) })
      .from(teamRegistrations)
      .innerJoin(events, eq(events.id, teamRegistrations.eventId))
      .where(and(scope, gte(teamRegistrations.createdAt, start), lt(teamRegistrations.createdAt, end)))
      .groupBy(bookingDay),
  ]);

  const figures: EventFigures[] = rows.map((row) => {
    const cancelled = row.status === "cancelled";
    const revenueMinor = row.priceMinor * row.confirmed;
    return {
      id: row.id,
      title: row.title,
      partnerName: row.partnerName,
      status: row.status,
      startsAt: row.startsAt,
      href: publicEventHref(row.slug, row.status),
      views: row.views,
      registrations: row.registrations,
      conversion: ratio(row.registrations, row.views),
      confirmed: row.confirmed,
      maxTeams: row.maxTeams,
      fillRate: cancelled ? null : ratio(row.confirmed, row.maxTeams),
      waitlisted: row.waitlisted,
      cancellations: row.cancellations,
      currency: row.currency,
      revenueMinor,
      sharePercent: row.sharePercent,
      // Each event's share is rounded on its own, as it would be invoiced.
      shareMinor: shareOf(revenueMinor, row.sharePercent),
    };
  });

  const sum = (pick: (row: EventFigures) => number) => figures.reduce((total, row) => total + pick(row), 0);
  const open = figures.filter((row) => row.fillRate !== null);
  const openConfirmed = open.reduce((total, row) => total + row.confirmed, 0);
  const places = open.reduce((total, row) => total + row.maxTeams, 0);
  const totalViews = sum((row) => row.views);
  const totalRegistrations = sum((row) => row.registrations);

  const buckets = chartBuckets(range);
  const bars = (perDay: { day: string; count: number }[]): ChartBar[] => {
    const counts = fillBuckets(buckets, perDay);
    return buckets.map((bucket, index) => ({ ...bucket, count: counts[index] ?? 0 }));
  };

  return {
    allPartners: seesAllPartners(actor),
    totals: {
      views: totalViews,
      registrations: totalRegistrations,
      conversion: ratio(totalRegistrations, totalViews),
      confirmed: openConfirmed,
      places,
      fillRate: ratio(openConfirmed, places),
      waitlisted: sum((row) => row.waitlisted),
      cancellations: sum((row) => row.cancellations),
      revenue: revenueByCurrency(figures),
    },
    events: figures,
    charts: {
      granularity: buckets[0]?.week === null ? "day" : "week",
      views: bars(viewsPerDay),
      registrations: bars(bookingsPerDay),
    },
  };
}

/** Revenue and RCL's share summed per currency, in alphabetical order of the currency. */
function revenueByCurrency(rows: EventFigures[]): CurrencyAmount[] {
  const byCurrency = new Map<string, CurrencyAmount>();
  for (const row of rows) {
    const amount = byCurrency.get(row.currency) ?? { currency: row.currency, revenueMinor: 0, shareMinor: 0 };
    amount.revenueMinor += row.revenueMinor;
    amount.shareMinor += row.shareMinor;
    byCurrency.set(row.currency, amount);
  }
  return [...byCurrency.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}
