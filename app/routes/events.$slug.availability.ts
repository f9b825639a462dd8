import { getPublicEventBySlug } from "#server/events/queries";
import { notFoundResponse } from "#server/http/respond";
import { eventAvailability } from "#server/registrations/queries";
import { isSlug } from "~/lib/slug";
import type { Route } from "./+types/events.$slug.availability";

/** How often the stream looks for changes; a booking shows on every open page within this. */
const CHECK_EVERY_MS = 2_000;
/**
 * Streams end after this long and the browser reconnects by itself (after `retry`), so
 * a shutdown never waits long for them and every instance serves fresh connections.
 */
const STREAM_LIFETIME_MS = 30_000;
const RECONNECT_AFTER_MS = 2_000;

/**
 * GET /events/{slug}/availability: server-sent events with the event's teams registered,
 * spots remaining and waitlist, sent at once and again whenever a booking or a
 * cancellation changes them. Reading the database (not an in-process signal) keeps it
 * right with several app instances.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const found = isSlug(params.slug) ? await getPublicEventBySlug(context.db, params.slug) : null;
  if (!found) throw notFoundResponse("Event not found");
  const eventId = found.event.id;
  const encoder = new TextEncoder();

  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      let last = "";
      const started = Date.now();
      controller.enqueue(encoder.encode(`retry: ${RECONNECT_AFTER_MS}\n\n`));
      while (!request.signal.aborted && Date.now() - started < STREAM_LIFETIME_MS) {
        const availability = await eventAvailability(context.db, eventId).catch(() => null);
        const payload = availability && JSON.stringify(availability);
        if (payload && payload !== last) {
          controller.enqueue(encoder.encode(`event: availability\ndata: ${payload}\n\n`));
          last = payload;
        }
        await new Promise((resolve) => setTimeout(resolve, CHECK_EVERY_MS));
      }
      controller.close();
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      Connection: "keep-alive",
    },
  });
}
