import { href } from "react-router";

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

export const previewEventPath = (id: string) => href("/dashboard/partner/events/:id/preview", { id });

export const publicEventPath = (slug: string) => href("/events/:slug", { slug });
