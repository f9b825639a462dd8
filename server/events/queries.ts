import { and, asc, count, desc, eq, gte, lt, ne, or, sql, type SQL } from "drizzle-orm";
import { priceWithMoms } from "~/lib/billing/price-with-moms";
import { localizeImage, localizeTexts, type SiteTerms } from "~/lib/content-language";
import type { EventListFilters } from "~/lib/event-filters";
import { eventPageScope, publicEventsScope } from "#server/auth/policies";
import { escapeLikePattern } from "#server/db/like-pattern";
import type { Database } from "#server/db/client";
import { bothLanguages, events, partnerBillingProfiles, partners, siteSettings } from "#server/db/schema";
import { placesTakenCount } from "#server/registrations/rules";
import { SITE_SETTINGS_DEFAULTS } from "#server/settings/defaults";

/**
 * The moms status of the event's seller, as its prices are shown (`shownVatStatus`): null
 * for a partner without a billing profile. Read through `sellerProfileJoin`, one lookup by
 * the profile's primary key per event row.
 */
export const sellerVatStatus = partnerBillingProfiles.vatStatus;
/** Left join of each event's seller's billing profile, for `sellerVatStatus`. */
export const sellerProfileJoin = eq(partnerBillingProfiles.partnerId, events.partnerId);

/** What an event card shows, its texts in both languages (ADR 034). */
const cardColumns = {
  id: events.id,
  slug: events.slug,
  language: events.language,
  title: events.title,
  titleTranslation: events.titleTranslation,
  description: events.description,
  descriptionTranslation: events.descriptionTranslation,
  type: events.type,
  location: events.location,
  locationTranslation: events.locationTranslation,
  image: events.image,
  startsAt: events.startsAt,
  endsAt: events.endsAt,
  priceMinor: events.priceMinor,
  currency: events.currency,
  organizerName: partners.name,
  vatStatus: sellerVatStatus,
};

/** Events with their organiser, ready for cards; callers add conditions and order. */
function selectEventCards(db: Database) {
  return db
    .select(cardColumns)
    .from(events)
    .innerJoin(partners, eq(partners.id, events.partnerId))
    .leftJoin(partnerBillingProfiles, sellerProfileJoin)
    .$dynamic();
}

type EventCardRow = Awaited<ReturnType<typeof selectEventCards>>[number];

/**
 * A card in the page's language: the partner's translation where there is one (ADR 034),
 * and the price with the moms its partner's invoices will carry (ADR 035).
 */
function cardIn({ priceMinor, currency, vatStatus, ...row }: EventCardRow) {
  const card = localizeTexts(row);
  return {
    ...card,
    image: card.image && localizeImage(card.image, row.language),
    price: priceWithMoms(priceMinor, currency, vatStatus),
  };
}

export type EventCardData = ReturnType<typeof cardIn>;

/** Published, and its partner approved (server/auth/policies.ts). */
const isPublished = publicEventsScope;
/** An event stays "upcoming" until it has ended. */
const isUpcoming = (now: Date) => gte(events.endsAt, now);

/**
 * Where the search text matches: the title or the location in either language (ADR 034),
 * or the organiser's name, case-insensitive "contains". Each part can use its trigram
 * index (events_title_trgm_idx and events_location_trgm_idx, over both languages, and
 * partners_name_trgm_idx); the organisers are looked up first and matched by id, because
 * an OR across the join would make PostgreSQL read every event.
 */
function matchesSearch(q: string): SQL {
  const pattern = `%${escapeLikePattern(q)}%`;
  return or(
    sql`${bothLanguages(events.title, events.titleTranslation)} ilike ${pattern}`,
    sql`${bothLanguages(events.location, events.locationTranslation)} ilike ${pattern}`,
    // Written out in full: Drizzle leaves columns unqualified in single-table queries (the count).
    sql`"events"."partner_id" = any(array(select p.id from partners p where p.name ilike ${pattern}))`,
  )!;
}

/** The conditions of the public list for these filters (published only). */
function publicListConditions({ q, type, when }: EventListFilters, now: Date): SQL | undefined {
  const conditions: (SQL | undefined)[] = [isPublished];
  if (q) conditions.push(matchesSearch(q));
  if (type) conditions.push(eq(events.type, type));
  if (when === "upcoming") conditions.push(isUpcoming(now));
  if (when === "past") conditions.push(lt(events.endsAt, now));
  return and(...conditions);
}

/** Upcoming events soonest first; past ones latest first; both, upcoming before past. Id breaks ties so pages never overlap. */
function publicListOrder(when: EventListFilters["when"], now: Date): SQL[] {
  if (when === "upcoming") return [asc(events.startsAt), asc(events.id)];
  if (when === "past") return [desc(events.startsAt), asc(events.id)];
  const isPast = sql`${events.endsAt} < ${now}`;
  return [
    asc(isPast),
    sql`case when ${isPast} then null else ${events.startsAt} end asc nulls last`,
    desc(events.startsAt),
    asc(events.id),
  ];
}

export type PublicEventsPage = {
  events: EventCardData[];
  /** Every event matching the filters, on all pages. */
  total: number;
  /** The page shown: the one asked for, or the last one when that is past the end. */
  page: number;
  pageCount: number;
};

/** How many published events match the filters (the query, for EXPLAIN in tests). */
export function countPublicEventsQuery(db: Database, filters: EventListFilters, now: Date) {
  return db.select({ total: count() }).from(events).where(publicListConditions(filters, now));
}

/** The cards of one slice of the public list, in its order (the query, for EXPLAIN in tests). */
export function publicEventsSliceQuery(
  db: Database,
  filters: EventListFilters,
  { limit, offset }: { limit: number; offset: number },
  now: Date,
) {
  return selectEventCards(db)
    .where(publicListConditions(filters, now))
    .orderBy(...publicListOrder(filters.when, now))
    .limit(limit)
    .offset(offset);
}

/**
 * One page of the public events list: published only, matching the search text (title,
 * location or organiser, case-insensitive "contains") and the type. Upcoming events come
 * first, soonest first; past ones are shown only when asked for, latest first. The count
 * is read first so a page past the end becomes the last page instead of an empty one.
 */
export async function listPublicEvents(
  db: Database,
  filters: EventListFilters,
  { page, pageSize }: { page: number; pageSize: number },
  now = new Date(),
): Promise<PublicEventsPage> {
  const [counted] = await countPublicEventsQuery(db, filters, now);
  const total = counted?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const shown = Math.min(Math.max(1, page), pageCount);
  const rows =
    total === 0
      ? []
      : await publicEventsSliceQuery(db, filters, { limit: pageSize, offset: (shown - 1) * pageSize }, now);
  return { events: rows.map(cardIn), total, page: shown, pageCount };
}

/** The next published events that have not ended, soonest first. */
export async function listUpcomingEvents(
  db: Database,
  { limit, networking, now = new Date() }: { limit: number; networking?: boolean; now?: Date },
): Promise<EventCardData[]> {
  const rows = await selectEventCards(db)
    .where(
      and(
        isPublished,
        isUpcoming(now),
        networking === undefined ? undefined : eq(events.isNetworking, networking),
      ),
    )
    .orderBy(asc(events.startsAt))
    .limit(limit);
  return rows.map(cardIn);
}

/** Up to `limit` other upcoming published events, those of the same type first. */
export async function listOtherEvents(
  db: Database,
  event: { id: string; type: EventCardData["type"] },
  { limit = 3, now = new Date() }: { limit?: number; now?: Date } = {},
): Promise<EventCardData[]> {
  const rows = await selectEventCards(db)
    .where(and(isPublished, isUpcoming(now), ne(events.id, event.id)))
    .orderBy(desc(sql`${events.type} = ${event.type}`), asc(events.startsAt))
    .limit(limit);
  return rows.map(cardIn);
}

/**
 * The site's standard cancellation terms in both languages, for events without their own
 * (`cancellationTermsShown`): the saved ones, or the defaults before any are saved.
 */
export const siteTermsColumn = sql<SiteTerms>`coalesce(
  (
    select json_build_object('en', ${siteSettings.defaultCancellationTerms}, 'da', ${siteSettings.defaultCancellationTermsDa})
    from ${siteSettings} where ${siteSettings.id} = 1
  ),
  json_build_object(
    'en', ${SITE_SETTINGS_DEFAULTS.defaultCancellationTerms}::text,
    'da', ${SITE_SETTINGS_DEFAULTS.defaultCancellationTermsDa}::text
  )
)`;

/** What an event's page shows of its organiser (join partners). */
export const organizerColumns = {
  name: partners.name,
  slug: partners.slug,
  logo: partners.logo,
  location: partners.location,
  email: partners.email,
};

/** How a row about something at an event (a registration, a message) names the event (join partners). */
export const eventSummaryColumns = {
  eventTitle: events.title,
  eventStartsAt: events.startsAt,
  partnerName: partners.name,
};

/** What an event's page reads: the event, the site's terms, its organiser and the teams registered (join partners and `sellerProfileJoin`). */
export const eventPageColumns = {
  event: events,
  vatStatus: sellerVatStatus,
  /** Whether an admin confirmed the seller's moms status: invoices, and online payment, wait for it. */
  billingConfirmed: sql<boolean>`(${partnerBillingProfiles.vatConfirmedAt} is not null)`,
  siteTerms: siteTermsColumn,
  organizer: organizerColumns,
  teamsRegistered: placesTakenCount,
};

/**
 * An event whose page is public (published, or cancelled after it was) with its
 * organiser and the site's cancellation terms, or null (drafts and unknown slugs alike).
 */
export async function getPublicEventBySlug(db: Database, slug: string) {
  const [row] = await db
    .select(eventPageColumns)
    .from(events)
    .innerJoin(partners, eq(partners.id, events.partnerId))
    .leftJoin(partnerBillingProfiles, sellerProfileJoin)
    .where(and(eq(events.slug, slug), eventPageScope));
  return row ?? null;
}

/** How many events are published, for the sitemap's index. */
export async function countPublishedEvents(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(events).where(isPublished);
  return row?.n ?? 0;
}

/** Slugs and change times of published events, for the sitemap: a slice in a stable order. */
export async function listPublishedEventSlugs(
  db: Database,
  { limit, offset }: { limit: number; offset: number },
) {
  return db
    .select({ slug: events.slug, updatedAt: events.updatedAt })
    .from(events)
    .where(isPublished)
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(limit)
    .offset(offset);
}
