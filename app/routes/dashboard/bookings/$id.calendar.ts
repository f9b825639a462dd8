import { requireUser } from "#server/auth/viewer";
import { notFoundResponse } from "#server/http/respond";
import { eventCalendarAttachment } from "#server/registrations/emails";
import { getMyRegistration } from "#server/registrations/queries";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/$id.calendar";

/**
 * GET /dashboard/bookings/{id}/calendar.ics: the booked event as a calendar file, for its
 * owner only, in the booking's language, as the file its mails carry (ADR 033).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { actor } = await requireUser(request, context);
  const booking = await getMyRegistration(context.db, actor, params.id);
  if (!booking) throw notFoundResponse(m.bookings_not_found());
  const file = eventCalendarAttachment(
    booking.event,
    booking.organizerName,
    context.baseUrl,
    booking.registration.reference,
    booking.registration.language,
  );
  return new Response(file.content, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${file.filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
