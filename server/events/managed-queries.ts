/**
 * What the partner area's event pages read: the list of the events the actor manages,
 * one event for its editor, its preview, and the event a duplicate starts from. Every
 * query takes the actor and reads within `managedEventsScope`, so another partner's
 * event is "not found", like an unknown id.
 */
import { and, asc, desc, eq, gte, like, lt, or, sql, type SQL } from "drizzle-orm";
import { SLUG_MAX_LENGTH } from "~/lib/forms/event-schema";
import { isUuid } from "~/lib/ids";
import type { Actor } from "#server/auth/actor";
import { managedEventsScope } from "#server/auth/policies";
import type { Database } from "#server/db/client";
import { escapeLikePattern } from "#server/db/like-pattern";
import { eventRevisions, events, partnerBillingProfiles, partners } from "#server/db/schema";
import { withRevision } from "./event-values";
import { eventNotFound, loadManagedEvent, loadRevision } from "./managed-event";
import { placesTakenCount, countPlacesTaken } from "#server/registrations/rules";
import { eventPageColumns, sellerProfileJoin } from "./queries";

export const MANAGED_EVENTS_PAGE_SIZE = 20;

/** The list's tabs, in the order they are shown; "all" is the first and the default. */
const MANAGED_EVENT_TABS = ["all", "drafts", "review", "changes", "upcoming", "past", "cancelled"] as const;

export type ManagedEventTab = (typeof MANAGED_EVENT_TABS)[number];

const isPublished = eq(events.status, "published");

/**
 * Which events a tab holds. A published event whose change is in review, or sent back,
 * shows under "In review" or "Changes requested" too: the partner has something there.
 */
function tabCondition(tab: ManagedEventTab, now: Date): SQL | undefined {
  switch (tab) {
    case "all":
      return undefined;
    case "drafts":
      return eq(events.status, "draft");
    case "review":
      return or(
        eq(events.status, "pending_review"),
        and(isPublished, eq(eventRevisions.status, "pending_review")),
      );
    case "changes":
      return or(
        eq(events.status, "changes_requested"),
        and(isPublished, eq(eventRevisions.status, "changes_requested")),
      );
    case "upcoming":
      return and(isPublished, gte(events.endsAt, now));
    case "past":
      return and(isPublished, lt(events.endsAt, now));
    case "cancelled":
      return eq(events.status, "cancelled");
  }
}

/** Coming events soonest first, past and cancelled ones latest first, the rest as last changed. */
function tabOrder(tab: ManagedEventTab): SQL[] {
  switch (tab) {
    case "upcoming":
      return [asc(events.startsAt), asc(events.id)];
    case "past":
    case "cancelled":
      return [desc(events.startsAt), asc(events.id)];
    default:
      return [desc(events.updatedAt), asc(events.id)];
  }
}

/**
 * One page of the events the actor manages (an admin: every partner's), in a tab, with
 * each tab's count. Teams registered are counted from the confirmed registrations.
 */
export async function listManagedEvents(
  db: Database,
  actor: Actor,
  { tab, page, now = new Date() }: { tab: ManagedEventTab; page: number; now?: Date },
) {
  const scope = managedEventsScope(actor);
  const countColumns = Object.fromEntries(
    MANAGED_EVENT_TABS.map((name) => [
      name,
      sql<number>`(count(*) filter (where ${tabCondition(name, now) ?? sql`true`}))::int`,
    ]),
  ) as Record<ManagedEventTab, SQL<number>>;
  const [rows, [counts]] = await Promise.all([
    db
      .select({
        id: events.id,
        slug: events.slug,
        title: events.title,
        status: events.status,
        startsAt: events.startsAt,
        endsAt: events.endsAt,
        maxTeams: events.maxTeams,
        publishedAt: events.publishedAt,
        partnerId: events.partnerId,
        partnerName: partners.name,
        revisionStatus: eventRevisions.status,
        teamsRegistered: placesTakenCount,
      })
      .from(events)
      .innerJoin(partners, eq(partners.id, events.partnerId))
      .leftJoin(eventRevisions, eq(eventRevisions.eventId, events.id))
      .where(and(scope, tabCondition(tab, now)))
      .orderBy(...tabOrder(tab))
      .limit(MANAGED_EVENTS_PAGE_SIZE)
      .offset((page - 1) * MANAGED_EVENTS_PAGE_SIZE),
    db
      .select(countColumns)
      .from(events)
      .leftJoin(eventRevisions, eq(eventRevisions.eventId, events.id))
      .where(scope),
  ]);
  const tabCounts = Object.fromEntries(
    MANAGED_EVENT_TABS.map((name) => [name, Number(counts?.[name] ?? 0)]),
  ) as Record<ManagedEventTab, number>;
  return { rows, total: tabCounts[tab], counts: tabCounts };
}

/**
 * An event for its editor: the row, its pending change (a published event's revision),
 * the teams registered, and its partner. Throws "not found" outside the actor's reach.
 */
export async function getEventForEditing(db: Database, actor: Actor, eventId: unknown) {
  const event = await loadManagedEvent(db, actor, eventId);
  const [revision, [partner], teamsRegistered] = await Promise.all([
    loadRevision(db, event.id),
    db
      .select({ id: partners.id, name: partners.name, slug: partners.slug, status: partners.status })
      .from(partners)
      .where(eq(partners.id, event.partnerId)),
    countPlacesTaken(db, event.id),
  ]);
  if (!partner) throw eventNotFound();
  return { event, revision, partner, teamsRegistered };
}

/**
 * An event as its public page would show it, for the partner's preview: a published
 * event's pending change applied, its organiser, the teams registered and the site's
 * standard terms, for an event without its own. "Not found" outside the actor's reach.
 */
export async function getEventPreview(db: Database, actor: Actor, eventId: unknown) {
  if (!isUuid(eventId)) throw eventNotFound();
  const [row] = await db
    .select(eventPageColumns)
    .from(events)
    .innerJoin(partners, eq(partners.id, events.partnerId))
    .leftJoin(partnerBillingProfiles, sellerProfileJoin)
    .where(and(eq(events.id, eventId), managedEventsScope(actor)));
  if (!row) throw eventNotFound();
  const revision = await loadRevision(db, row.event.id);
  return {
    event: withRevision(row.event, revision),
    revision,
    organizer: row.organizer,
    vatStatus: row.vatStatus,
    teamsRegistered: row.teamsRegistered,
    siteTerms: row.siteTerms,
  };
}

/**
 * The event a duplicate starts from, with a free address for the copy (`<slug>-2`, or
 * the next number not yet taken). "Not found" outside the actor's reach.
 */
export async function getEventToDuplicate(db: Database, actor: Actor, eventId: unknown) {
  const event = await loadManagedEvent(db, actor, eventId);
  return { event, suggestedSlug: await freeSlugVariant(db, event.slug) };
}

/** `<slug>-<n>` with the smallest n from 2 that no event uses, within the slug's length. */
async function freeSlugVariant(db: Database, slug: string): Promise<string> {
  // Room for "-" and up to four digits.
  const base = slug.slice(0, SLUG_MAX_LENGTH - 5).replace(/-+$/, "");
  const taken = await db
    .select({ slug: events.slug })
    .from(events)
    .where(like(events.slug, `${escapeLikePattern(base)}-%`));
  const used = new Set(taken.map((row) => row.slug));
  let n = 2;
  while (used.has(`${base}-${n}`)) n += 1;
  return `${base}-${n}`;
}
