import { getPublicEventBySlug } from "#server/events/queries";
import { notFoundResponse } from "#server/http/respond";
import { calendarEventOf, eventCalendar } from "#server/ics/calendar-file";
import { isSlug } from "~/lib/slug";
import type { Route } from "./+types/events.$slug.calendar";

/** GET /events/{slug}/calendar.ics: the event as an RFC 5545 file for any calendar app. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const found = isSlug(params.slug) ? await getPublicEventBySlug(context.db, params.slug) : null;
  if (!found) throw notFoundResponse("Event not found");
  const { event, organizer } = found;
  const body = eventCalendar(calendarEventOf(event, organizer.name, context.baseUrl));
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${event.slug}.ics"`,
      "Cache-Control": "no-cache",
    },
  });
}
