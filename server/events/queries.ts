import { and, asc, desc, eq, gte, ilike, lt, ne, or, sql, type SQL } from "drizzle-orm";
import type { EventListFilters } from "~/lib/event-filters";
import { eventPageScope, publicEventsScope } from "#server/auth/policies";
import { escapeLikePattern } from "#server/db/like-pattern";
import type { Database } from "#server/db/client";
import { events, partners, siteSettings, teamRegistrations } from "#server/db/schema";

/**
 * Teams that hold a spot: counted from registration rows, never stored. The outer
 * column is written out in full because Drizzle leaves column names unqualified in
 * single-table queries, which would bind them to the subquery's own table.
 */
export const confirmedTeamsCount = sql<number>`(
  select count(*)::int from ${teamRegistrations}
  where ${teamRegistrations.eventId} = "events"."id" and ${teamRegistrations.status} = 'confirmed'
)`;

/** What an event card shows. */
const cardColumns = {
  id: events.id,
  slug: events.slug,
  title: events.title,
  description: events.description,
  type: events.type,
  location: events.location,
  image: events.image,
  startsAt: events.startsAt,
  endsAt: events.endsAt,
  organizerName: partners.name,
};

/** Events with their organiser, ready for cards; callers add conditions and order. */
function selectEventCards(db: Database) {
  return db
    .select(cardColumns)
    .from(events)
    .innerJoin(partners, eq(partners.id, events.partnerId))
    .$dynamic();
}

export type EventCardData = Awaited<ReturnType<typeof selectEventCards>>[number];

/** Published, and its partner approved (server/auth/policies.ts). */
const isPublished = publicEventsScope;
/** An event stays "upcoming" until it has ended. */
const isUpcoming = (now: Date) => gte(events.endsAt, now);

/**
 * The public events list: published only, matching the search text (title, location
 * or organiser, case-insensitive "contains") and the type. Upcoming events come first,
 * soonest first; past ones are shown only when asked for, latest first.
 */
export async function listPublicEvents(
  db: Database,
  { q, type, when }: EventListFilters,
  now = new Date(),
): Promise<EventCardData[]> {
  const conditions: (SQL | undefined)[] = [isPublished];
  if (q) {
    const pattern = `%${escapeLikePattern(q)}%`;
    conditions.push(
      or(ilike(events.title, pattern), ilike(events.location, pattern), ilike(partners.name, pattern)),
    );
  }
  if (type) conditions.push(eq(events.type, type));
  if (when === "upcoming") conditions.push(isUpcoming(now));
  if (when === "past") conditions.push(lt(events.endsAt, now));

  const isPast = sql`${events.endsAt} < ${now}`;
  return selectEventCards(db)
    .where(and(...conditions))
    .orderBy(
      asc(isPast),
      // Events still to come first (the soonest at the top), then past ones, the latest first.
      sql`case when ${isPast} then null else ${events.startsAt} end asc nulls last`,
      desc(events.startsAt),
    );
}

/** The next published events that have not ended, soonest first. */
export async function listUpcomingEvents(
  db: Database,
  { limit, networking, now = new Date() }: { limit: number; networking?: boolean; now?: Date },
): Promise<EventCardData[]> {
  return selectEventCards(db)
    .where(
      and(
        isPublished,
        isUpcoming(now),
        networking === undefined ? undefined : eq(events.isNetworking, networking),
      ),
    )
    .orderBy(asc(events.startsAt))
    .limit(limit);
}

/** Up to `limit` other upcoming published events, those of the same type first. */
export async function listOtherEvents(
  db: Database,
  event: { id: string; type: EventCardData["type"] },
  { limit = 3, now = new Date() }: { limit?: number; now?: Date } = {},
): Promise<EventCardData[]> {
  return selectEventCards(db)
    .where(and(isPublished, isUpcoming(now), ne(events.id, event.id)))
    .orderBy(desc(sql`${events.type} = ${event.type}`), asc(events.startsAt))
    .limit(limit);
}

/**
 * The cancellation terms an event's bookings are made under: its own, or the site's
 * default terms when it has none (blank counts as none). Null only before the site's
 * settings exist.
 */
const cancellationTerms = sql<string | null>`coalesce(
  nullif(btrim(${events.cancellationTerms}), ''),
  (select ${siteSettings.defaultCancellationTerms} from ${siteSettings} where ${siteSettings.id} = 1)
)`;

/** What an event's page reads: the event, its terms, its organiser and the teams registered (join partners). */
export const eventPageColumns = {
  event: events,
  cancellationTerms,
  organizer: {
    name: partners.name,
    slug: partners.slug,
    logo: partners.logo,
    location: partners.location,
    email: partners.email,
  },
  teamsRegistered: confirmedTeamsCount,
};

/**
 * An event whose page is public (published, or cancelled after it was) with its
 * organiser and cancellation terms, or null (drafts and unknown slugs alike).
 */
export async function getPublicEventBySlug(db: Database, slug: string) {
  const [row] = await db
    .select(eventPageColumns)
    .from(events)
    .innerJoin(partners, eq(partners.id, events.partnerId))
    .where(and(eq(events.slug, slug), eventPageScope));
  return row ?? null;
}

/** Slugs and change times of every published event, for the sitemap. */
export async function listPublishedEventSlugs(db: Database) {
  return db
    .select({ slug: events.slug, updatedAt: events.updatedAt })
    .from(events)
    .where(isPublished)
    .orderBy(asc(events.startsAt));
}
