import { and, asc, desc, eq, gte, lt, lte, sql, type SQL } from "drizzle-orm";
import { SITE_ZONE_SQL } from "#server/db/site-zone";
import type { Actor } from "#server/auth/actor";
import { managedEventsScope, seesAllPartners } from "#server/auth/policies";
import type { Database } from "#server/db/client";
import { eventPageViews, events, partners, teamRegistrations } from "#server/db/schema";
import { notFound } from "#server/errors";
import { revenueSharePercentSql, shareOf } from "#server/partners/revenue-share";
import { isUuid } from "~/lib/ids";
import { publicEventHref } from "~/lib/public-paths";
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
  /** Every event the figures cover; `events` holds one page of them. */
  eventCount: number;
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
  /** The page asked for, by start and title, ANALYTICS_EVENTS_PAGE_SIZE at most. */
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

/** Rows of the figures-per-event table on one page, as the other lists; the totals cover every row. */
export const ANALYTICS_EVENTS_PAGE_SIZE = 25;

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
 * it takes place in it; the totals are the sums of the listed events, added up in SQL, and
 * the events come a page at a time (`page`, from 1): an admin's range can list thousands.
 */
export async function getPartnerAnalytics(
  db: Database,
  {
    actor,
    range,
    eventId = null,
    page = 1,
  }: { actor: Actor; range: DayRange; eventId?: string | null; page?: number },
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
    or exists (select 1 from ${teamRegistrations} r where r.event_id = ${events.id} and ${bookedInRange})
    or exists (select 1 from ${teamRegistrations} r where r.event_id = ${events.id} and ${cancelledInRange})
    or ${takesPlace})`;

  // The zone is written into the statement rather than bound, so the expression in the
  const zone = SITE_ZONE_SQL;
  const bookingDay = sql<string>`to_char(${teamRegistrations.createdAt} at time zone ${zone}, 'YYYY-MM-DD')`;
  const viewDay = sql<string>`to_char(${eventPageViews.day}, 'YYYY-MM-DD')`;

  const perEvent = db.$with("per_event").as(
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
        partnerName: sql<string>`${partners.name}`.as("partner_name"),
        sharePercent: sql<number>`${revenueSharePercentSql}`.as("share_percent"),
        views: sql<number>`${views}`.as("views"),
        registrations: sql<number>`${registrationsOf(bookedInRange)}`.as("registrations"),
        cancellations: sql<number>`${registrationsOf(cancelledInRange)}`.as("cancellations"),
        confirmed: sql<number>`${registrationsOf(sql`r.status = 'confirmed'`)}`.as("confirmed"),
        waitlisted: sql<number>`${registrationsOf(sql`r.status = 'waitlisted'`)}`.as("waitlisted"),
      })
      .from(events)
      .innerJoin(partners, eq(partners.id, events.partnerId))
      .where(and(scope, active)),
  );
  // Sums are bigint in SQL, which node-postgres hands over as text.
  const total = (value: SQL, where?: SQL) =>
    sql<number>`coalesce(sum(${value})${where ? sql` filter (where ${where})` : sql``}, 0)`.mapWith(Number);
  const open = sql`${perEvent.status} <> 'cancelled'`;
  const revenue = sql`${perEvent.priceMinor}::bigint * ${perEvent.confirmed}`;

  const [rows, sums, viewsPerDay, bookingsPerDay] = await Promise.all([
    db
      .with(perEvent)
      .select()
      .from(perEvent)
      .orderBy(asc(perEvent.startsAt), asc(perEvent.title), asc(perEvent.id))
      .limit(ANALYTICS_EVENTS_PAGE_SIZE)
      .offset((Math.max(1, page) - 1) * ANALYTICS_EVENTS_PAGE_SIZE),
    db
      .with(perEvent)
      .select({
        currency: perEvent.currency,
        events: sql<number>`count(*)`.mapWith(Number),
        views: total(sql`${perEvent.views}`),
        registrations: total(sql`${perEvent.registrations}`),
        cancellations: total(sql`${perEvent.cancellations}`),
        waitlisted: total(sql`${perEvent.waitlisted}`),
        // A cancelled event offers no places, so neither its places nor its teams fill any.
        openConfirmed: total(sql`${perEvent.confirmed}`, open),
        places: total(sql`${perEvent.maxTeams}`, open),
        revenueMinor: total(revenue),
        // Each event's share is rounded on its own (half up, as `shareOf`), as it would be invoiced.
        shareMinor: total(sql`floor(${revenue} * ${perEvent.sharePercent} / 100.0 + 0.5)`),
      })
      .from(perEvent)
      .groupBy(perEvent.currency),
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
    const confirmed = Number(row.confirmed);
    const registrations = Number(row.registrations);
    const views = Number(row.views);
    const sharePercent = Number(row.sharePercent);
    const revenueMinor = row.priceMinor * confirmed;
    return {
      id: row.id,
      title: row.title,
      partnerName: row.partnerName,
      status: row.status,
      startsAt: row.startsAt,
      href: publicEventHref(row.slug, row.status),
      views,
      registrations,
      conversion: ratio(registrations, views),
      confirmed,
      maxTeams: row.maxTeams,
      fillRate: cancelled ? null : ratio(confirmed, row.maxTeams),
      waitlisted: Number(row.waitlisted),
      cancellations: Number(row.cancellations),
      currency: row.currency,
      revenueMinor,
      sharePercent,
      // Each event's share is rounded on its own, as it would be invoiced.
      shareMinor: shareOf(revenueMinor, sharePercent),
    };
  });

  const sum = (pick: (row: (typeof sums)[number]) => number) => sums.reduce((all, row) => all + pick(row), 0);
  const openConfirmed = sum((row) => row.openConfirmed);
  const places = sum((row) => row.places);
  const totalViews = sum((row) => row.views);
  const totalRegistrations = sum((row) => row.registrations);

  const buckets = chartBuckets(range);
  const bars = (perDay: { day: string; count: number }[]): ChartBar[] => {
    const counts = fillBuckets(buckets, perDay);
    return buckets.map((bucket, index) => ({ ...bucket, count: counts[index] ?? 0 }));
  };

  return {
    allPartners: seesAllPartners(actor),
    eventCount: sum((row) => row.events),
    totals: {
      views: totalViews,
      registrations: totalRegistrations,
      conversion: ratio(totalRegistrations, totalViews),
      confirmed: openConfirmed,
      places,
      fillRate: ratio(openConfirmed, places),
      waitlisted: sum((row) => row.waitlisted),
      cancellations: sum((row) => row.cancellations),
      revenue: sums
        .map(({ currency, revenueMinor, shareMinor }) => ({ currency, revenueMinor, shareMinor }))
        .sort((a, b) => a.currency.localeCompare(b.currency)),
    },
    events: figures,
    charts: {
      granularity: buckets[0]?.week === null ? "day" : "week",
      views: bars(viewsPerDay),
      registrations: bars(bookingsPerDay),
    },
  };
}
