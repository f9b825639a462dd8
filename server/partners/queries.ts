import { and, asc, count, desc, eq, gt, sql } from "drizzle-orm";
import { localizeImage, localizeTexts } from "~/lib/content-language";
import { isSlug } from "~/lib/slug";
import type { Actor } from "#server/auth/actor";
import { managedPartnersScope } from "#server/auth/policies";
import type { Database } from "#server/db/client";
import {
  accounts,
  events,
  partnerBillingProfiles,
  partnerInvitations,
  partnerMembers,
  partners,
  users,
} from "#server/db/schema";
import { sellerProfileJoin, sellerVatStatus } from "#server/events/queries";
import { priceWithMoms } from "~/lib/billing/price-with-moms";

/**
 * "Events hosted": the partner's published events of any date, counted from event
 * rows and never stored. The outer column is written out in full because Drizzle
 * leaves column names unqualified in single-table queries, which would bind them to
 * the subquery's own table.
 */
const publishedEventsCount = sql<number>`(
  select count(*)::int from ${events}
  where ${events.partnerId} = "partners"."id" and ${events.status} = 'published'
)`;

/** Keeps the profile page bounded; no partner is expected to list this many at once. */
const MAX_UPCOMING_EVENTS = 50;

/** An approved partner's public profile, or null (pending, suspended and unknown alike). */
export async function getApprovedPartnerBySlug(db: Database, slug: string) {
  if (!isSlug(slug)) return null;
  const [row] = await db
    .select({ partner: partners, eventsHosted: publishedEventsCount })
    .from(partners)
    .where(and(eq(partners.slug, slug), eq(partners.status, "approved")));
  return row ? { ...row.partner, eventsHosted: row.eventsHosted } : null;
}

/**
 * The partner's published events that have not ended yet, soonest first. An event
 * stays listed until it ends, so a day already under way can still be found.
 */
export async function getUpcomingPartnerEvents(db: Database, partnerId: string, now = new Date()) {
  const rows = await db
    .select({
      id: events.id,
      slug: events.slug,
      language: events.language,
      title: events.title,
      titleTranslation: events.titleTranslation,
      startsAt: events.startsAt,
      location: events.location,
      locationTranslation: events.locationTranslation,
      image: events.image,
      priceMinor: events.priceMinor,
      currency: events.currency,
      vatStatus: sellerVatStatus,
    })
    .from(events)
    .leftJoin(partnerBillingProfiles, sellerProfileJoin)
    .where(and(eq(events.partnerId, partnerId), eq(events.status, "published"), gt(events.endsAt, now)))
    .orderBy(asc(events.startsAt), asc(events.title))
    .limit(MAX_UPCOMING_EVENTS);
  // In the page's language, where the partner translated them (ADR 034), priced with the
  // moms the partner's invoices carry (ADR 035).
  return rows.map(({ priceMinor, currency, vatStatus, ...row }) => {
    const event = localizeTexts(row);
    return {
      ...event,
      image: event.image && localizeImage(event.image, row.language),
      price: priceWithMoms(priceMinor, currency, vatStatus),
    };
  });
}

/** Featured partners shown on the landing page at most; an admin may feature more than fit. */
const MAX_FEATURED_PARTNERS = 24;

/** Approved partners marked as featured, with what their landing-page cards show, in the page's language. */
export async function getFeaturedPartners(db: Database) {
  const rows = await db
    .select({
      id: partners.id,
      slug: partners.slug,
      name: partners.name,
      location: partners.location,
      language: partners.language,
      description: partners.description,
      descriptionTranslation: partners.descriptionTranslation,
      memberships: partners.memberships,
      logo: partners.logo,
      eventsHosted: publishedEventsCount,
    })
    .from(partners)
    .where(and(eq(partners.status, "approved"), eq(partners.featured, true)))
    .orderBy(asc(partners.name))
    .limit(MAX_FEATURED_PARTNERS);
  return rows.map((row) => {
    const partner = localizeTexts(row);
    return { ...partner, logo: partner.logo && localizeImage(partner.logo, row.language) };
  });
}

/** Approved partners for the home page's tiles: featured first, then by name. */
export async function listApprovedPartners(db: Database, { limit }: { limit?: number } = {}) {
  const query = db
    .select({ id: partners.id, slug: partners.slug, name: partners.name, logo: partners.logo })
    .from(partners)
    .where(eq(partners.status, "approved"))
    .orderBy(desc(partners.featured), asc(partners.name));
  return limit === undefined ? query : query.limit(limit);
}

/** Every public profile's path and last change, for the sitemap. */
export async function listApprovedPartnerSlugs(
  db: Database,
  { limit, offset = 0 }: { limit?: number; offset?: number } = {},
) {
  const query = db
    .select({ slug: partners.slug, updatedAt: partners.updatedAt })
    .from(partners)
    .where(eq(partners.status, "approved"))
    .orderBy(asc(partners.slug))
    .offset(offset)
    .$dynamic();
  return limit === undefined ? query : query.limit(limit);
}

/** How many partners have a public page, for the sitemap's index. */
export async function countApprovedPartners(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(partners).where(eq(partners.status, "approved"));
  return row?.n ?? 0;
}

/** The partners whose profile the actor edits, by name: to choose one in the profile editor. */
export async function listManagedPartners(db: Database, actor: Actor) {
  return db
    .select({ id: partners.id, name: partners.name, location: partners.location, status: partners.status })
    .from(partners)
    .where(managedPartnersScope(actor))
    .orderBy(asc(partners.name), asc(partners.id));
}

/** "Events hosted" of one partner, as its public profile counts them. */
export async function countPublishedEvents(db: Database, partnerId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(events)
    .where(and(eq(events.partnerId, partnerId), eq(events.status, "published")));
  return row?.count ?? 0;
}

/**
 * The check-in staff of one of the actor's partners (any partner's for an admin), with
 * whether each has set a password yet, for the partner area's Staff page. Another
 * partner's id gives none.
 */
export async function listCheckInStaff(db: Database, actor: Actor, partnerId: string, now = new Date()) {
  return db
    .select({
      userId: users.id,
      name: users.name,
      email: users.email,
      hasPassword: sql<boolean>`exists (select 1 from ${accounts} where ${accounts.userId} = ${users.id} and ${accounts.password} is not null)`,
      invitationOpen: sql<boolean>`exists (select 1 from ${partnerInvitations}
        where ${partnerInvitations.partnerId} = ${partnerMembers.partnerId}
        and lower(${partnerInvitations.email}) = lower(${users.email})
        and ${partnerInvitations.acceptedAt} is null and ${partnerInvitations.expiresAt} > ${now})`,
      since: partnerMembers.createdAt,
    })
    .from(partnerMembers)
    .innerJoin(partners, eq(partners.id, partnerMembers.partnerId))
    .innerJoin(users, eq(users.id, partnerMembers.userId))
    .where(
      and(
        eq(partnerMembers.partnerId, partnerId),
        eq(partnerMembers.role, "check_in"),
        managedPartnersScope(actor),
      ),
    )
    .orderBy(asc(users.email))
    .limit(CHECK_IN_STAFF_LIMIT);
}

/** Far more staff than a club has on its jetties: a bound on the page, not a list to page through. */
const CHECK_IN_STAFF_LIMIT = 200;
