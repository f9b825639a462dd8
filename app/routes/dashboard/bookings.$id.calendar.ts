import { eq } from "drizzle-orm";
import { data } from "react-router";
import { requireUser } from "#server/auth/viewer";
import { events } from "#server/db/schema";
import { eventCalendarAttachment } from "#server/registrations/emails";
import { getMyRegistration } from "#server/registrations/queries";
import type { Route } from "./+types/bookings.$id.calendar";

/** GET /dashboard/bookings/{id}/calendar.ics: the booked event as a calendar file, for its owner only. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await requireUser(request, context);
  const booking = await getMyRegistration(context.db, viewer.id, params.id);
  if (!booking) throw data("Booking not found", { status: 404 });
  const [event] = await context.db.select().from(events).where(eq(events.id, booking.event.id));
  if (!event) throw data("Booking not found", { status: 404 });
  const file = eventCalendarAttachment(event, booking.organizerName, context.baseUrl);
  return new Response(file.content, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${file.filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
