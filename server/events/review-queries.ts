import { and, asc, count, desc, eq, gte, lt, sql } from "drizzle-orm";
import { copenhagenTime } from "~/lib/dates";
import { isUuid } from "~/lib/ids";
import type { Actor } from "#server/auth/actor";
import { managedEventsScope } from "#server/auth/policies";
import type { Database } from "#server/db/client";
import { listPage } from "#server/db/list-page";
import type { EventRow } from "#server/db/rows";
import {
  eventRevisions,
  events,
  type eventStatus,
  partnerBillingProfiles,
  partners,
} from "#server/db/schema";
import {
  reviewedChanges,
  revisionValuesOf,
  valueChanges,
  withRevision,
  type FieldChange,
} from "./event-values";
import { placesTakenCount, waitlistedTeamsCount } from "#server/registrations/rules";
import type { VatStatus } from "~/lib/billing/moms";
import type { SiteTerms } from "~/lib/content-language";
import { organizerColumns, sellerProfileJoin, sellerVatStatus, siteTermsColumn } from "./queries";
import type { EventRevisionRow } from "./managed-event";
import { listReviewNotes } from "./review-notes";
import { assertReviewer } from "./review-rules";

export const ADMIN_EVENTS_PAGE_SIZE = 25;

/** How many of each kind the review queue lists at most, oldest first. */
const QUEUE_LIMIT = 100;

type EventStatus = (typeof eventStatus.enumValues)[number];

type AdminEventStatusFilter = EventStatus | "all";

/** The admin list's filters, as the page read them from its address. */
type AdminEventFilters = {
  status: AdminEventStatusFilter;
  /** A partner's id, or "" for every partner. */
  partnerId: string;
  /** Copenhagen days ("2027-06-15") the event starts on or after / on or before, or "". */
  from: string;
  to: string;
  page: number;
};

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A `<input type="date">` value as its year, month and day, or null when it is not a real date. */
function parseDay(value: string): { year: number; month: number; day: number } | null {
  const match = DAY.exec(value);
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  if (year < 1900 || year > 9999 || month < 1 || month > 12 || day < 1) return null;
  // 31 February rolls over in Date.UTC; a real date survives the round trip.
  if (new Date(Date.UTC(year, month - 1, day)).getUTCDate() !== day) return null;
  return { year, month, day };
}

/** When the Copenhagen day begins (0:00 local time). */
function startOfDay({ year, month, day }: { year: number; month: number; day: number }): Date {
  return copenhagenTime(year, month, day);
}

/** When the Copenhagen day after this one begins, so "to" includes the whole day. */
function startOfNextDay({ year, month, day }: { year: number; month: number; day: number }): Date {
  const next = new Date(Date.UTC(year, month - 1, day + 1));
  return copenhagenTime(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate());
}

/**
 * The events waiting for an admin, oldest submission first: new events submitted for
 * review, and changes to published events. Each kind lists at most QUEUE_LIMIT; `total`
 * counts them all.
 */
export async function listReviewQueue(db: Database, actor: Actor) {
  assertReviewer(actor);
  const scope = managedEventsScope(actor);
  const columns = {
    id: events.id,
    title: events.title,
    partnerId: events.partnerId,
    partnerName: partners.name,
    startsAt: events.startsAt,
  };
  const newEvents = and(scope, eq(events.status, "pending_review"));
  // A change to a public event. An unpublished event back in review is listed once, as itself.
  const changes = and(scope, eq(eventRevisions.status, "pending_review"), eq(events.status, "published"));
  const [fresh, changed, [freshCount], [changedCount]] = await Promise.all([
    db
      .select({ ...columns, submittedAt: events.submittedAt })
      .from(events)
      .innerJoin(partners, eq(partners.id, events.partnerId))
      .where(newEvents)
      .orderBy(sql`${events.submittedAt} asc nulls last`, asc(events.id))
      .limit(QUEUE_LIMIT),
    db
      .select({ ...columns, submittedAt: eventRevisions.submittedAt })
      .from(eventRevisions)
      .innerJoin(events, eq(events.id, eventRevisions.eventId))
      .innerJoin(partners, eq(partners.id, events.partnerId))
      .where(changes)
      .orderBy(sql`${eventRevisions.submittedAt} asc nulls last`, asc(events.id))
      .limit(QUEUE_LIMIT),
    db.select({ n: count() }).from(events).where(newEvents),
    db
      .select({ n: count() })
      .from(eventRevisions)
      .innerJoin(events, eq(events.id, eventRevisions.eventId))
      .where(changes),
  ]);
  const never = Number.POSITIVE_INFINITY;
  const rows = [
    ...fresh.map((row) => ({ ...row, kind: "new" as const })),
    ...changed.map((row) => ({ ...row, kind: "change" as const })),
  ]
    .sort((a, b) => (a.submittedAt?.getTime() ?? never) - (b.submittedAt?.getTime() ?? never))
    // The oldest of each kind were read; the oldest of both together are among them.
    .slice(0, QUEUE_LIMIT);
  return { rows, total: (freshCount?.n ?? 0) + (changedCount?.n ?? 0) };
}

/** One page of every event, filtered by status, partner and the Copenhagen day it starts on. */
export async function listEventsForAdmin(
  db: Database,
  actor: Actor,
  { status, partnerId, from, to, page }: AdminEventFilters,
) {
  assertReviewer(actor);
  const fromDay = from ? parseDay(from) : null;
  const toDay = to ? parseDay(to) : null;
  const where = and(
    managedEventsScope(actor),
    status !== "all" ? eq(events.status, status) : undefined,
    partnerId && isUuid(partnerId) ? eq(events.partnerId, partnerId) : undefined,
    fromDay ? gte(events.startsAt, startOfDay(fromDay)) : undefined,
    toDay ? lt(events.startsAt, startOfNextDay(toDay)) : undefined,
  );
  return listPage(
    db
      .select({
        id: events.id,
        title: events.title,
        status: events.status,
        partnerId: events.partnerId,
        partnerName: partners.name,
        startsAt: events.startsAt,
        maxTeams: events.maxTeams,
        teamsRegistered: placesTakenCount,
        /** The state of a change to the event, if the partner has one (at most one per event). */
        revisionStatus: eventRevisions.status,
      })
      .from(events)
      .innerJoin(partners, eq(partners.id, events.partnerId))
      .leftJoin(eventRevisions, eq(eventRevisions.eventId, events.id))
      .where(where)
      .orderBy(desc(events.startsAt), asc(events.id)),
    db.select({ n: count() }).from(events).where(where),
    { page, size: ADMIN_EVENTS_PAGE_SIZE },
  );
}

/** Partners by name, for the list's partner filter. */
export async function listEventPartners(db: Database, actor: Actor) {
  assertReviewer(actor);
  return db.select({ id: partners.id, name: partners.name }).from(partners).orderBy(asc(partners.name));
}

type EventForReview = {
  event: EventRow;
  /** The partner's change to the published event, whatever its state, or null. */
  revision: EventRevisionRow | null;
  /** The reviewed fields the revision changes, in form order (none without a revision). */
  changes: FieldChange[];
  organizer: {
    id: string;
    name: string;
    slug: string;
    logo: EventRow["image"];
    location: string;
    email: string;
  };
  /** The seller's moms status, null without a billing profile (`sellerVatStatus`). */
  vatStatus: VatStatus | null;
  teamsRegistered: number;
  teamsWaitlisted: number;
  /** The site's standard terms, for an event (or its revision) without its own. */
  siteTerms: SiteTerms;
  /** Every note sent to the partner about the event, oldest first. */
  notes: { id: string; note: string; writtenAt: Date; writtenBy: string | null }[];
  /**
   * A new event back in review after changes were requested: the reviewed fields the
   * partner changed since, against the version sent back. Null otherwise, or when that
   * version was not kept.
   */
  sinceRequest: {
    requestedAt: Date;
    changes: FieldChange[];
    currency: { before: string; after: string };
  } | null;
};

/**
 * An event with everything its review page shows, or null for an unknown or malformed id.
 * The cancellation terms shown follow `cancellationTermsShown`: blank terms mean the site's own.
 */
export async function getEventForReview(
  db: Database,
  actor: Actor,
  eventId: unknown,
): Promise<EventForReview | null> {
  assertReviewer(actor);
  if (!isUuid(eventId)) return null;
  const [row] = await db
    .select({
      event: events,
      organizer: { id: partners.id, ...organizerColumns },
      teamsRegistered: placesTakenCount,
      teamsWaitlisted: waitlistedTeamsCount,
      siteTerms: siteTermsColumn,
      vatStatus: sellerVatStatus,
    })
    .from(events)
    .innerJoin(partners, eq(partners.id, events.partnerId))
    .leftJoin(partnerBillingProfiles, sellerProfileJoin)
    .where(and(eq(events.id, eventId), managedEventsScope(actor)));
  if (!row) return null;
  const [[revision], notes] = await Promise.all([
    db.select().from(eventRevisions).where(eq(eventRevisions.eventId, eventId)),
    listReviewNotes(db, eventId),
  ]);
  const lastNote = notes.at(-1);
  // A published event's change is shown against the published values; a new event has only
  // the version it was sent back as to be compared with.
  const inReview = revisionValuesOf(withRevision(row.event, revision ?? null));
  const sinceRequest =
    row.event.status === "pending_review" && !row.event.publishedAt && lastNote?.values
      ? {
          requestedAt: lastNote.writtenAt,
          changes: valueChanges(lastNote.values, inReview),
          currency: { before: lastNote.values.currency, after: inReview.currency },
        }
      : null;
  return {
    event: row.event,
    revision: revision ?? null,
    changes: revision ? reviewedChanges(row.event, revision.values) : [],
    organizer: row.organizer,
    vatStatus: row.vatStatus,
    teamsRegistered: Number(row.teamsRegistered),
    teamsWaitlisted: Number(row.teamsWaitlisted),
    siteTerms: row.siteTerms,
    notes: notes.map(({ values: _values, ...note }) => note),
    sinceRequest,
  };
}
