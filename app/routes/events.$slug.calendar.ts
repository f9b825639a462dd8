import { getPublicEventBySlug } from "#server/events/queries";
import { notFoundResponse } from "#server/http/respond";
import { calendarEventOf, eventCalendar } from "#server/ics/calendar-file";
import { isSlug } from "~/lib/slug";
import { getLocale } from "~/paraglide/runtime";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/events.$slug.calendar";

/**
 * GET /events/{slug}/calendar.ics: the event as an RFC 5545 file for any calendar app, in
 * the page's language: /da/events/{slug}/calendar.ics links the Danish page (ADR 033).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const found = isSlug(params.slug) ? await getPublicEventBySlug(context.db, params.slug) : null;
  if (!found) throw notFoundResponse(m.event_not_found_plain());
  const { event, organizer } = found;
  const body = eventCalendar(calendarEventOf(event, organizer.name, context.baseUrl, undefined, getLocale()));
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${event.slug}.ics"`,
      "Cache-Control": "no-cache",
    },
  });
}
