/**
 * What the partner area's registration pages read: the registrations of the events the
 * actor manages (an admin: every partner's), one registration, the rows of its CSV
 * export, an event's crew list and the events a team may move to. Every query reads
 * within `dashboardRegistrationsScope(actor, "partner")` or `managedEventsScope`, so
 * another partner's registration or event is "not found", like an unknown id.
 */
import { and, asc, count, desc, eq, gt, ilike, ne, or, sql, type SQL } from "drizzle-orm";
import type { Actor } from "#server/auth/actor";
import {
  canManageEvent,
  checkInEventsScope,
  dashboardRegistrationsScope,
  managedEventsScope,
} from "#server/auth/policies";
import type { Database } from "#server/db/client";
import { escapeLikePattern } from "#server/db/like-pattern";
import { keysetPages } from "#server/db/keyset-pages";
import { listPage } from "#server/db/list-page";
import {
  events,
  partners,
  registrationSearchText,
  registrationStatus,
  teamRegistrations,
  users,
} from "#server/db/schema";

import { forbidden } from "#server/errors";
import { isUuid } from "~/lib/ids";
import { registrationNotFound } from "./errors";
import { placesTakenCount } from "./rules";
import { eventNotFound, loadManagedEvent } from "#server/events/managed-event";
import { eventSummaryColumns } from "#server/events/queries";
import { m } from "~/paraglide/messages";
import { getLocale } from "~/paraglide/runtime";
import { crewSeats } from "#server/seats/crew-seats";

export const REGISTRATIONS_PAGE_SIZE = 25;

type RegistrationStatus = (typeof registrationStatus.enumValues)[number];

export type RegistrationFilters = {
  /** One of the actor's events, or "" for all of them. */
  eventId: string;
  status: RegistrationStatus | "all";
  /** A company exactly as booked, or "" for every company. */
  company: string;
  /** Team, company or captain name contains it; or a captain's or billing address is at this domain. */
  q: string;
  page: number;
};

const MAX_TEXT = 200;

function isRegistrationStatus(value: unknown): value is RegistrationStatus {
  return typeof value === "string" && (registrationStatus.enumValues as readonly string[]).includes(value);
}

/**
 * The list's filters from the address (a GET form). An unknown status is left out and
 * said so in `problems`; the event is kept as given, for `checkFilterEvent` to answer
 * "not found" when it is not one of the actor's events.
 */
export function readRegistrationFilters(
  url: URL,
  page: number,
): { filters: RegistrationFilters; problems: string[] } {
  const params = url.searchParams;
  const problems: string[] = [];
  const wantedStatus = params.get("status") ?? "";
  let status: RegistrationFilters["status"] = "all";
  if (isRegistrationStatus(wantedStatus)) status = wantedStatus;
  else if (wantedStatus !== "" && wantedStatus !== "all") problems.push(m.server_status_not_understood());
  const textOf = (name: string) => (params.get(name) ?? "").trim().slice(0, MAX_TEXT);
  return {
    filters: { eventId: textOf("event"), status, company: textOf("company"), q: textOf("q"), page },
    problems,
  };
}

/** The filters as an address's query, without the page: for the export links and "first page". */
export function registrationFiltersQuery(filters: Omit<RegistrationFilters, "page">): string {
  const params = new URLSearchParams();
  if (filters.eventId) params.set("event", filters.eventId);
  if (filters.status !== "all") params.set("status", filters.status);
  if (filters.company) params.set("company", filters.company);
  if (filters.q) params.set("q", filters.q);
  return params.toString();
}

const DOMAIN = /^@?((?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,})$/i;

/** "novo.dk" or "@novo.dk" as the domain "novo.dk"; null when the search is not a domain. */
export function emailDomainOf(q: string): string | null {
  const match = DOMAIN.exec(q.trim());
  return match?.[1]?.toLowerCase() ?? null;
}

/**
 * The search: "contains" on team, company and captain name, and, when it is a domain,
 * "ends with @domain" (or a subdomain of it) on the captain's and billing addresses. The
 * typed text is escaped, so `%` and `_` match themselves; a suffix pattern keeps the
 * address match to one anchored comparison.
 */
export function registrationSearchCondition(q: string): SQL | undefined {
  if (!q) return undefined;
  const contains = `%${escapeLikePattern(q)}%`;
  // The three as one value, which one trigram index covers (team_registrations_search_trgm_idx).
  const searchText = registrationSearchText(
    teamRegistrations.teamName,
    teamRegistrations.company,
    teamRegistrations.captainName,
  );
  const conditions: SQL[] = [sql`${searchText} ilike ${contains}`];
  const domain = emailDomainOf(q);
  if (domain) {
    for (const suffix of [`%@${escapeLikePattern(domain)}`, `%.${escapeLikePattern(domain)}`]) {
      conditions.push(
        ilike(teamRegistrations.captainEmail, suffix),
        ilike(teamRegistrations.billingEmail, suffix),
      );
    }
  }
  return or(...conditions);
}

/** The filter's event, when there is one: "not found" outside the actor's events. */
export async function checkFilterEvent(db: Database, actor: Actor, filters: RegistrationFilters) {
  return filters.eventId ? loadManagedEvent(db, actor, filters.eventId) : null;
}

function filterConditions(actor: Actor, filters: RegistrationFilters): SQL | undefined {
  return and(
    dashboardRegistrationsScope(actor, "partner"),
    filters.eventId ? eq(teamRegistrations.eventId, filters.eventId) : undefined,
    filters.status !== "all" ? eq(teamRegistrations.status, filters.status) : undefined,
    filters.company ? eq(teamRegistrations.company, filters.company) : undefined,
    registrationSearchCondition(filters.q),
  );
}

const rosterNamed = sql<number>`jsonb_array_length(${teamRegistrations.roster})`.mapWith(Number);

/** The newest booking first; the id settles ties so pages never overlap. */
const listOrder = [desc(teamRegistrations.createdAt), asc(teamRegistrations.id)];

/**
 * One page of the registrations of the actor's events (an admin: every partner's), with
 * the number that match. Call `checkFilterEvent` first: an event outside the scope would
 * otherwise just list nothing.
 */
export async function listManagedRegistrations(db: Database, actor: Actor, filters: RegistrationFilters) {
  const where = filterConditions(actor, filters);
  return listPage(
    db
      .select({
        id: teamRegistrations.id,
        reference: teamRegistrations.reference,
        teamName: teamRegistrations.teamName,
        company: teamRegistrations.company,
        captainName: teamRegistrations.captainName,
        captainEmail: teamRegistrations.captainEmail,
        status: teamRegistrations.status,
        createdAt: teamRegistrations.createdAt,
        rosterNamed,
        teamSize: events.teamSize,
        eventId: events.id,
        ...eventSummaryColumns,
      })
      .from(teamRegistrations)
      .innerJoin(events, eq(events.id, teamRegistrations.eventId))
      .innerJoin(partners, eq(partners.id, events.partnerId))
      .where(where)
      .orderBy(...listOrder),
    db
      .select({ n: count() })
      .from(teamRegistrations)
      .innerJoin(events, eq(events.id, teamRegistrations.eventId))
      .where(where),
    { page: filters.page, size: REGISTRATIONS_PAGE_SIZE },
  );
}

/**
 * Companies and events listed in their filters at most: a longer list is no use in a
 * select, and an admin's 10,000 events made the page 3 MB. An event further down is
 * reached from its own page (its registrations link), and stays chosen when it is.
 */
const COMPANY_OPTIONS = 500;
const EVENT_OPTIONS = 200;

/**
 * The filter's choices: the actor's events that are or have been published (only they
 * take bookings), the latest first, and the companies that booked them.
 */
export async function listRegistrationFilterOptions(db: Database, actor: Actor) {
  const [eventOptions, companies] = await Promise.all([
    db
      .select({ id: events.id, title: events.title, startsAt: events.startsAt, partnerName: partners.name })
      .from(events)
      .innerJoin(partners, eq(partners.id, events.partnerId))
      .where(
        and(
          managedEventsScope(actor),
          or(
            eq(events.status, "published"),
            sql`${events.publishedAt} is not null`,
            sql`exists (select 1 from ${teamRegistrations} where ${teamRegistrations.eventId} = ${events.id})`,
          ),
        ),
      )
      .orderBy(desc(events.startsAt), asc(events.id))
      .limit(EVENT_OPTIONS),
    db
      .selectDistinct({ company: teamRegistrations.company })
      .from(teamRegistrations)
      .innerJoin(events, eq(events.id, teamRegistrations.eventId))
      .where(dashboardRegistrationsScope(actor, "partner"))
      .orderBy(asc(teamRegistrations.company))
      .limit(COMPANY_OPTIONS),
  ]);
  return { events: eventOptions, companies: companies.map((row) => row.company) };
}

/** A registration's booking moment to the microsecond, as text: a JS Date keeps only milliseconds. */
const createdAtKey = sql<string>`${teamRegistrations.createdAt}::text`;

/** After `row` in the list's order (newest first, then by id). */
function afterInListOrder(row: { createdAtKey: string; registration: { id: string } }): SQL | undefined {
  const at = sql`${row.createdAtKey}::timestamptz`;
  return or(
    sql`${teamRegistrations.createdAt} < ${at}`,
    and(sql`${teamRegistrations.createdAt} = ${at}`, gt(teamRegistrations.id, row.registration.id)),
  );
}

/** One keyset page of the export: at most `limit` registrations after `after` in the list's order. */
function exportPage(
  db: Database,
  where: SQL | undefined,
  after: { createdAtKey: string; registration: { id: string } } | null,
  limit: number,
) {
  return db
    .select({
      // What the file writes, not the whole row: each column read is a cost on every row.
      registration: {
        id: teamRegistrations.id,
        reference: teamRegistrations.reference,
        status: teamRegistrations.status,
        teamName: teamRegistrations.teamName,
        company: teamRegistrations.company,
        captainName: teamRegistrations.captainName,
        captainEmail: teamRegistrations.captainEmail,
        captainPhone: teamRegistrations.captainPhone,
        roster: teamRegistrations.roster,
        createdAt: teamRegistrations.createdAt,
        billingCompany: teamRegistrations.billingCompany,
        cvr: teamRegistrations.cvr,
        ean: teamRegistrations.ean,
        poReference: teamRegistrations.poReference,
        billingEmail: teamRegistrations.billingEmail,
        notes: teamRegistrations.notes,
      },
      createdAtKey,
      teamSize: events.teamSize,
      ...eventSummaryColumns,
    })
    .from(teamRegistrations)
    .innerJoin(events, eq(events.id, teamRegistrations.eventId))
    .innerJoin(partners, eq(partners.id, events.partnerId))
    .where(and(where, after ? afterInListOrder(after) : undefined))
    .orderBy(...listOrder)
    .limit(limit);
}

export type RegistrationExportRow = Awaited<ReturnType<typeof exportPage>>[number];

/**
 * Every registration the filters match (all pages), with what the CSV export writes,
 * in the list's order, read a keyset page at a time (`keysetPages`) as the file is sent.
 */
export function registrationPagesForExport(
  db: Database,
  actor: Actor,
  filters: RegistrationFilters,
  size?: number,
) {
  const where = filterConditions(actor, filters);
  return keysetPages<RegistrationExportRow>((after, limit) => exportPage(db, where, after, limit), size);
}

/**
 * The event and partner of a registration the actor manages, for the commands to lock
 * in order and for the page's actions to check first; "not found" outside the scope
 * (another partner's registration, an unknown or malformed id).
 */
export async function findManagedRegistration(db: Database, actor: Actor, registrationId: unknown) {
  if (!isUuid(registrationId)) throw registrationNotFound();
  const [found] = await db
    .select({ eventId: teamRegistrations.eventId, partnerId: events.partnerId })
    .from(teamRegistrations)
    .innerJoin(events, eq(events.id, teamRegistrations.eventId))
    .where(and(eq(teamRegistrations.id, registrationId), dashboardRegistrationsScope(actor, "partner")));
  if (!found) throw registrationNotFound();
  if (!canManageEvent(actor, found)) throw forbidden();
  return found;
}

/** One registration of the actor's events with its event, organiser and booker, or "not found". */
export async function getManagedRegistration(db: Database, actor: Actor, registrationId: unknown) {
  if (!isUuid(registrationId)) throw registrationNotFound();
  const [found] = await db
    .select({
      registration: teamRegistrations,
      event: events,
      partnerName: partners.name,
      confirmedTeams: placesTakenCount,
      booker: { name: users.name, email: users.email },
    })
    .from(teamRegistrations)
    .innerJoin(events, eq(events.id, teamRegistrations.eventId))
    .innerJoin(partners, eq(partners.id, events.partnerId))
    .leftJoin(users, eq(users.id, teamRegistrations.userId))
    .where(and(eq(teamRegistrations.id, registrationId), dashboardRegistrationsScope(actor, "partner")));
  if (!found) throw registrationNotFound();
  return found;
}

/**
 * The events a team may move to, soonest first: the same partner's other published
 * events that have not started, have a free spot and take a roster of this length. The
 * move command checks the same rules again under the events' locks.
 */
export async function listMoveTargets(
  db: Database,
  { eventId, partnerId, rosterLength }: { eventId: string; partnerId: string; rosterLength: number },
  now = new Date(),
) {
  return db
    .select({
      id: events.id,
      title: events.title,
      startsAt: events.startsAt,
      maxTeams: events.maxTeams,
      confirmedTeams: placesTakenCount,
    })
    .from(events)
    .where(
      and(
        eq(events.partnerId, partnerId),
        ne(events.id, eventId),
        eq(events.status, "published"),
        gt(events.startsAt, now),
        sql`${events.teamSize} >= ${rosterLength}`,
        sql`${placesTakenCount} < ${events.maxTeams}`,
      ),
    )
    .orderBy(asc(events.startsAt), asc(events.id));
}

/**
 * Teams per page of a crew list: a page of 8-seat boats prints on a dozen sheets and
 * renders in about 20 ms; the 5,000-team regatta's whole list was 12.8 MB.
 */
export const CREW_LIST_PAGE_SIZE = 50;

const crewColumns = {
  id: teamRegistrations.id,
  reference: teamRegistrations.reference,
  teamName: teamRegistrations.teamName,
  company: teamRegistrations.company,
  captainName: teamRegistrations.captainName,
  captainPhone: teamRegistrations.captainPhone,
  roster: teamRegistrations.roster,
};

/**
 * What an event's printable crew list shows: the event, then its confirmed teams in the
 * order they booked, then the waitlist in its order, `size` teams a page (the confirmed
 * ones first, so a page may end the one list and begin the other). Each list is read
 * by `team_registrations_event_status_idx` in its own order, the page's slice only;
 * `position` numbers a team within its list across pages. "Not found" outside the scope.
 */
export async function getCrewList(
  db: Database,
  actor: Actor,
  eventId: unknown,
  {
    page = 1,
    size = CREW_LIST_PAGE_SIZE,
    now = new Date(),
  }: { page?: number; size?: number; now?: Date } = {},
) {
  if (!isUuid(eventId)) throw eventNotFound();
  const [event] = await db
    .select({
      id: events.id,
      title: events.title,
      status: events.status,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      location: events.location,
      locationDetails: events.locationDetails,
      teamSize: events.teamSize,
      maxTeams: events.maxTeams,
      partnerId: events.partnerId,
      partnerName: partners.name,
      confirmedTotal: sql<number>`(select count(*) from ${teamRegistrations}
        where ${teamRegistrations.eventId} = ${events.id} and ${teamRegistrations.status} = 'confirmed')`.mapWith(
        Number,
      ),
      waitlistedTotal: sql<number>`(select count(*) from ${teamRegistrations}
        where ${teamRegistrations.eventId} = ${events.id} and ${teamRegistrations.status} = 'waitlisted')`.mapWith(
        Number,
      ),
    })
    .from(events)
    .innerJoin(partners, eq(partners.id, events.partnerId))
    // Check-in staff read the crew lists of the events they check in (ADR 038).
    .where(and(eq(events.id, eventId), checkInEventsScope(actor, now)));
  if (!event) throw eventNotFound();
  const { confirmedTotal, waitlistedTotal, ...details } = event;
  const skip = (page - 1) * size;
  const confirmedSkip = Math.min(skip, confirmedTotal);
  const confirmedTake = Math.max(0, Math.min(size, confirmedTotal - confirmedSkip));
  const waitlistSkip = Math.max(0, skip - confirmedTotal);
  const waitlistTake = size - confirmedTake;
  const teamsWith = (status: "confirmed" | "waitlisted", take: number, offset: number) =>
    take === 0
      ? Promise.resolve([])
      : db
          .select(crewColumns)
          .from(teamRegistrations)
          .where(and(eq(teamRegistrations.eventId, event.id), eq(teamRegistrations.status, status)))
          .orderBy(asc(teamRegistrations.createdAt), asc(teamRegistrations.id))
          .limit(take)
          .offset(offset);
  const [confirmed, waitlisted] = await Promise.all([
    teamsWith("confirmed", confirmedTake, confirmedSkip),
    waitlistSkip < waitlistedTotal
      ? teamsWith("waitlisted", waitlistTake, waitlistSkip)
      : Promise.resolve([]),
  ]);
  // The confirmed teams' rowers as the day needs them (ADR 038); the waitlist has no seats to fill yet.
  const day = await crewSeats(db, {
    eventId: event.id,
    registrationIds: confirmed.map((team) => team.id),
    locale: getLocale(),
  });
  return {
    event: details,
    day,
    // Check-in staff have no partner area to go back to.
    managesEvent: canManageEvent(actor, { partnerId: details.partnerId }),
    confirmed: confirmed.map((team, index) => ({ ...team, position: confirmedSkip + index + 1 })),
    waitlisted: waitlisted.map((team, index) => ({ ...team, position: waitlistSkip + index + 1 })),
    confirmedTotal,
    waitlistedTotal,
    page,
    pageSize: size,
  };
}
