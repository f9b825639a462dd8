/**
 * The site's addresses that code builds, each from the route table through `href`, so a
 * renamed route or a missing parameter fails the typecheck. Public pages come in the
 * page's language (`localizedPath`, ADR 033) and live in `~/lib/public-paths`; the
 * dashboards have one address. Forms post to these
 * explicitly: a form without an action would keep whatever query its page was opened
 * with in its target.
 */
import { href } from "react-router";
import type { ApplicationStatus } from "#server/applications/queries";

/** My Bookings and the pages of one booking. */
export const BOOKINGS_PATH = href("/dashboard/bookings");

export const bookingPath = (id: string) => href("/dashboard/bookings/:id", { id });

/** The booking page opened at its "Are you sure?" step (a link, so it works without JavaScript). */
export const cancelBookingPath = (id: string) => `${bookingPath(id)}?cancel=1`;

export const bookingCalendarPath = (id: string) => href("/dashboard/bookings/:id/calendar.ics", { id });

/** The profile page and the download of one's own data. */
export const PROFILE_PATH = href("/dashboard/profile");
export const PROFILE_DATA_PATH = href("/dashboard/profile/data.json");

/** The partner's list of events. */
export const PARTNER_EVENTS_PATH = href("/dashboard/partner/events");

export const NEW_EVENT_PATH = href("/dashboard/partner/events/new");

/**
 * The new-event form: for one partner (admins and members of several choose one), or
 * as a duplicate of an event (`from`), whose partner it belongs to.
 */
export function newEventPath({ partnerId, from }: { partnerId?: string; from?: string } = {}) {
  const params = new URLSearchParams();
  if (partnerId) params.set("partner", partnerId);
  if (from) params.set("from", from);
  const query = params.toString();
  return query ? `${NEW_EVENT_PATH}?${query}` : NEW_EVENT_PATH;
}

export const editEventPath = (id: string) => href("/dashboard/partner/events/:id", { id });

/** The edit page opened at its "Cancel event" step (a link, so it works without JavaScript). */
export const cancelEventPath = (id: string) => `${editEventPath(id)}?cancel=1`;

/** The partner's weather decision for the event: go, move to the backup date, or cancel (ADR 038). */
export const weatherDecisionPath = (id: string) =>
  href("/dashboard/partner/events/:id/weather/decide", { id });

export const previewEventPath = (id: string) => href("/dashboard/partner/events/:id/preview", { id });

export const PARTNER_PROFILE_PATH = href("/dashboard/partner/profile");

/** The editor of one partner's profile (members of several partners and admins choose one). */
export const partnerProfilePath = (partnerId: string) =>
  `${PARTNER_PROFILE_PATH}?partner=${encodeURIComponent(partnerId)}`;

export const CHECK_IN_STAFF_PATH = href("/dashboard/partner/staff");

/** One partner's check-in staff (members of several partners and admins choose one). */
export const checkInStaffPath = (partnerId: string) =>
  `${CHECK_IN_STAFF_PATH}?partner=${encodeURIComponent(partnerId)}`;

export const PARTNER_BILLING_PATH = href("/dashboard/partner/billing");

/** The billing profile of one partner (members of several partners and admins choose one). */
export const partnerBillingPath = (partnerId: string) =>
  `${PARTNER_BILLING_PATH}?partner=${encodeURIComponent(partnerId)}`;

/** The admins' audit log, or one partner's changes in it. */
export function auditLogPath({ partnerId }: { partnerId?: string } = {}) {
  const path = href("/dashboard/admin/audit");
  return partnerId ? `${path}?partner=${encodeURIComponent(partnerId)}` : path;
}

/** The partner applications of one status; the pending ones are the list's own address. */
export function partnerApplicationsPath(status: ApplicationStatus = "pending") {
  const path = href("/dashboard/admin/partners/applications");
  return status === "pending" ? path : `${path}?status=${status}`;
}
