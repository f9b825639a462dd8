/**
 * Who may do what: every access rule of the site, in one place. Routes and commands ask
 * these questions and never decide a rule themselves.
 *
 * Two kinds of answer:
 * - `can…` functions judge one row the caller has already loaded;
 * - `…Scope` functions give the same rule as SQL, so a query reads only rows the actor
 *   may see. A row outside the scope is then simply "not found", which keeps another
 *   partner's ids from even being confirmed to exist.
 */
import { and, eq, gt, inArray, isNotNull, or, sql, type SQL } from "drizzle-orm";
import type { Role } from "~/lib/roles";
import {
  discountCodes,
  events,
  inquiries,
  invoices,
  partners,
  partnerStatements,
  teamRegistrations,
} from "#server/db/schema";
import type { Actor } from "./actor";

const NOTHING: SQL = sql`false`;
const EVERYTHING: SQL = sql`true`;

const isAdmin = (actor: Actor) => actor.role === "admin";

/** A partner member acts only for their own organisations, and only while their role is partner. */
const memberOf = (actor: Actor, partnerId: string) =>
  actor.role === "partner" && actor.partnerIds.includes(partnerId);

const partnerIdsOf = (actor: Actor) => (actor.role === "partner" ? [...actor.partnerIds] : []);

/** Check-in staff need no partner role: the membership's own role is the whole grant (ADR 038). */
const checkInPartnerIdsOf = (actor: Actor) => [...(actor.checkInPartnerIds ?? [])];

// ── Dashboard areas ────────────────────────────────────────────────────────────────

/** The dashboard's areas, each under /dashboard/<area> (the user area is /dashboard itself). */
export type Area = "user" | "partner" | "admin";

const AREA_ROLES: Record<Area, readonly Role[]> = {
  user: ["user", "partner", "admin"],
  // Admins see the partner area with every partner's figures together.
  partner: ["partner", "admin"],
  admin: ["admin"],
};

export function canEnterArea(actor: Actor, area: Area): boolean {
  return AREA_ROLES[area].includes(actor.role);
}

/** Whether the partner area shows all partners together (admins) rather than the actor's own. */
export const seesAllPartners = (actor: Actor): boolean => isAdmin(actor);

/** Whether partner-area pages name each row's partner: when they show more than one. */
export const namesPartners = (actor: Actor): boolean =>
  seesAllPartners(actor) || partnerIdsOf(actor).length > 1;

// ── Events ─────────────────────────────────────────────────────────────────────────

/**
 * What the public sees: published events of approved partners. Suspending a partner
 * hides its events with it, without touching their own status.
 */
export const publicEventsScope: SQL = sql`(${events.status} = 'published' and exists (
  select 1 from partners p where p.id = ${events.partnerId} and p.status = 'approved'))`;

/**
 * Event pages: the public events, and those called off after they were published, so
 * the people who booked can read why. Lists and search show only `publicEventsScope`.
 */
export const eventPageScope: SQL = sql`((${events.status} = 'published'
  or (${events.status} = 'cancelled' and ${events.publishedAt} is not null)) and exists (
  select 1 from partners p where p.id = ${events.partnerId} and p.status = 'approved'))`;

/** Events the actor manages: their partners' events, or every event for an admin. */
export function managedEventsScope(actor: Actor): SQL {
  if (isAdmin(actor)) return EVERYTHING;
  const partnerIds = partnerIdsOf(actor);
  return partnerIds.length > 0 ? inArray(events.partnerId, partnerIds) : NOTHING;
}

export function canManageEvent(actor: Actor, event: { partnerId: string }): boolean {
  return isAdmin(actor) || memberOf(actor, event.partnerId);
}

/** Published events are public; every other state only to those who manage the event. */
export function canReadEvent(actor: Actor | null, event: { partnerId: string; status: string }): boolean {
  if (event.status === "published") return true;
  return actor !== null && canManageEvent(actor, event);
}

/** Approving events and asking for changes is the marketplace's job, not a partner's. */
export const canReviewEvents = (actor: Actor): boolean => isAdmin(actor);

// ── Team registrations ───────────────────────────────────────────────────────────

/** Any signed-in person may book a team; the event's own rules decide the rest. */
export const canBookTeam = (actor: Actor | null): actor is Actor => actor !== null;

/** The actor's own bookings (My Bookings). */
export function ownBookingsScope(actor: Actor): SQL {
  return eq(teamRegistrations.userId, actor.userId);
}

/** Editing and cancelling a booking belongs to the person who made it. */
export function canChangeBooking(actor: Actor, registration: { userId: string }): boolean {
  return registration.userId === actor.userId;
}

/** The booker, and whoever manages the event, may read a registration. */
export function canReadRegistration(
  actor: Actor,
  registration: { userId: string },
  event: { partnerId: string },
): boolean {
  return canChangeBooking(actor, registration) || canManageEvent(actor, event);
}

// ── Check-in on the day ────────────────────────────────────────────────────────────

/** How long after an event ends its staff may still open its crew list and check-in. */
const CHECK_IN_GRACE_MS = 24 * 60 * 60 * 1000;

/** Whether the actor checks teams in for anyone: admins, partners' members and check-in staff. */
export function canEnterCheckIn(actor: Actor): boolean {
  return isAdmin(actor) || partnerIdsOf(actor).length > 0 || checkInPartnerIdsOf(actor).length > 0;
}

/**
 * Events whose crew list and check-in the actor may open: every event they manage, and
 * for check-in staff their partners' published or called-off events until a day after
 * the end. Staff see no drafts, no reviews and nothing of other partners.
 */
export function checkInEventsScope(actor: Actor, now: Date): SQL {
  if (isAdmin(actor)) return EVERYTHING;
  const managed = partnerIdsOf(actor);
  const scopes: SQL[] = [staffEventsScope(actor, now)];
  if (managed.length > 0) scopes.push(inArray(events.partnerId, managed));
  return or(...scopes) ?? NOTHING;
}

/**
 * The events a person checks teams in for as staff alone: their staffed partners'
 * published or called-off events, until a day after the end. Staff's own dashboard lists
 * these; `checkInEventsScope` adds what members and admins manage.
 */
export function staffEventsScope(actor: Actor, now: Date): SQL {
  const staffed = checkInPartnerIdsOf(actor);
  if (staffed.length === 0) return NOTHING;
  return (
    and(
      inArray(events.partnerId, staffed),
      inArray(events.status, ["published", "cancelled"]),
      gt(events.endsAt, new Date(now.getTime() - CHECK_IN_GRACE_MS)),
    ) ?? NOTHING
  );
}

/** `checkInEventsScope` for one event the caller has loaded. */
export function canCheckIn(
  actor: Actor,
  event: { partnerId: string; status: string; endsAt: Date },
  now: Date,
): boolean {
  if (canManageEvent(actor, event)) return true;
  return (
    checkInPartnerIdsOf(actor).includes(event.partnerId) &&
    (event.status === "published" || event.status === "cancelled") &&
    event.endsAt.getTime() > now.getTime() - CHECK_IN_GRACE_MS
  );
}

/** A partner's check-in staff are invited and removed by its members, and by admins. */
export const canManageCheckInStaff = (actor: Actor, partner: { id: string }): boolean =>
  canManagePartner(actor, partner);

// ── Partners ─────────────────────────────────────────────────────────────────────

export function canManagePartner(actor: Actor, partner: { id: string }): boolean {
  return isAdmin(actor) || memberOf(actor, partner.id);
}

/** Partners whose profile the actor edits: their own organisations, or every partner for an admin. */
export function managedPartnersScope(actor: Actor): SQL {
  if (isAdmin(actor)) return EVERYTHING;
  const partnerIds = partnerIdsOf(actor);
  return partnerIds.length > 0 ? inArray(partners.id, partnerIds) : NOTHING;
}

/** Creating, suspending and setting a partner's tier are admin decisions. */
export const canAdministerPartners = (actor: Actor): boolean => isAdmin(actor);

// ── Accounts ─────────────────────────────────────────────────────────────────────

/** People change their own profile, password and account; nobody else's. */
export function canManageAccount(actor: Actor, account: { id: string }): boolean {
  return account.id === actor.userId;
}

/** Listing people and changing roles is for admins. */
export const canAdministerUsers = (actor: Actor): boolean => isAdmin(actor);

// ── Partner applications and messages ────────────────────────────────────────────

/** Anyone, signed in or not, may apply to become a partner or write to RCL or a partner. */
export const canSubmitPublicForm = (_actor: Actor | null): boolean => true;

export const canReviewApplications = (actor: Actor): boolean => isAdmin(actor);

/** The record of who changed what is for admins. */
export const canReadAuditLog = (actor: Actor): boolean => isAdmin(actor);

/** Site-wide bookings and revenue, every partner's together, are for admins. */
export const canReadReports = (actor: Actor): boolean => isAdmin(actor);

/** Inquiries to the actor's partners (every partner's for an admin); contact-form messages have none. */
export function managedInquiriesScope(actor: Actor): SQL {
  if (isAdmin(actor)) return isNotNull(inquiries.partnerId);
  const partnerIds = partnerIdsOf(actor);
  return partnerIds.length > 0 ? inArray(inquiries.partnerId, partnerIds) : NOTHING;
}

/** The company's contact details, links and default terms are the marketplace's to set. */
export const canEditSiteSettings = (actor: Actor): boolean => isAdmin(actor);

// ── Invoices and credit notes ──────────────────────────────────────────────────────

/**
 * The documents an area's Invoices page lists: in the partner area those the actor's
 * partners issued as sellers (every partner's for an admin); in the admin area every
 * document, RCL's own commission invoices too.
 */
export function soldDocumentsScope(actor: Actor, area: "partner" | "admin"): SQL {
  if (!canEnterArea(actor, area)) return NOTHING;
  if (isAdmin(actor)) return area === "admin" ? EVERYTHING : isNotNull(invoices.sellerPartnerId);
  const partnerIds = partnerIdsOf(actor);
  return partnerIds.length > 0 ? inArray(invoices.sellerPartnerId, partnerIds) : NOTHING;
}

/** The documents of the actor's own bookings, as their buyer (My Bookings). */
export function ownDocumentsScope(actor: Actor): SQL {
  return eq(invoices.bookerUserId, actor.userId);
}

/** RCL's commission documents addressed to the actor's partners (their monthly statements). */
function boughtDocumentsScope(actor: Actor): SQL {
  if (!canEnterArea(actor, "partner")) return NOTHING;
  const partnerIds = partnerIdsOf(actor);
  return partnerIds.length > 0 ? inArray(invoices.buyerPartnerId, partnerIds) : NOTHING;
}

/**
 * A document the actor may open: one of their own bookings', one their partners issued or
 * were invoiced by RCL, or any for an admin.
 */
export function readableDocumentsScope(actor: Actor): SQL {
  if (isAdmin(actor)) return EVERYTHING;
  return (
    or(ownDocumentsScope(actor), soldDocumentsScope(actor, "partner"), boughtDocumentsScope(actor)) ?? NOTHING
  );
}

/** The monthly statements of the actor's partners, or every partner's for an admin. */
export function statementsScope(actor: Actor): SQL {
  if (isAdmin(actor)) return EVERYTHING;
  if (!canEnterArea(actor, "partner")) return NOTHING;
  const partnerIds = partnerIdsOf(actor);
  return partnerIds.length > 0 ? inArray(partnerStatements.partnerId, partnerIds) : NOTHING;
}

// ── Discount codes ───────────────────────────────────────────────────────────────

/** The discount codes of the actor's partners, or every partner's for an admin. */
export function discountCodesScope(actor: Actor): SQL {
  if (isAdmin(actor)) return EVERYTHING;
  const partnerIds = partnerIdsOf(actor);
  return partnerIds.length > 0 ? inArray(discountCodes.partnerId, partnerIds) : NOTHING;
}

// ── Dashboard figures ────────────────────────────────────────────────────────────

/**
 * Whose registrations a dashboard counts, as SQL over team_registrations joined to
 * events: the user's own bookings, the partner area's events, or the whole site.
 */
export function dashboardRegistrationsScope(actor: Actor, area: Area): SQL {
  if (!canEnterArea(actor, area)) return NOTHING;
  if (area === "user") return ownBookingsScope(actor);
  if (area === "partner") return managedEventsScope(actor);
  return EVERYTHING;
}
