import { getPublicEventBySlug } from "#server/events/queries";
import { notFoundResponse } from "#server/http/respond";
import { eventAvailability } from "#server/registrations/queries";
import { isSlug } from "~/lib/slug";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/events.$slug.availability";

/** How often the stream looks for changes; a booking shows on every open page within this. */
const CHECK_EVERY_MS = 2_000;
/**
 * Streams end after this long and the browser reconnects by itself (after `retry`), so
 * every instance serves fresh connections.
 */
const STREAM_LIFETIME_MS = 30_000;
const RECONNECT_AFTER_MS = 2_000;

/**
 * Waits `ms`, or less once any of `signals` is aborted: a shutdown ends the stream at
 * once, as does a visitor who leaves.
 */
function pause(ms: number, signals: AbortSignal[]): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      for (const signal of signals) signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    for (const signal of signals) signal.addEventListener("abort", done, { once: true });
  });
}

/**
 * GET /events/{slug}/availability: server-sent events with the event's teams registered,
 * spots remaining and waitlist, sent at once and again whenever a booking or a
 * cancellation changes them. Reading the database (not an in-process signal) keeps it
 * right with several app instances. When the server shuts down, the stream ends with a
 * reconnect hint, spread over a few seconds so the browsers do not all come back at once
 * (to another instance, by then).
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const found = isSlug(params.slug) ? await getPublicEventBySlug(context.db, params.slug) : null;
  if (!found) throw notFoundResponse(m.event_not_found_plain());
  const eventId = found.event.id;
  const encoder = new TextEncoder();

  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      let last = "";
      const started = Date.now();
      controller.enqueue(encoder.encode(`retry: ${RECONNECT_AFTER_MS}\n\n`));
      const stop = [request.signal, context.closing];
      while (!stop.some((signal) => signal.aborted) && Date.now() - started < STREAM_LIFETIME_MS) {
        const availability = await eventAvailability(context.db, eventId).catch(() => null);
        const payload = availability && JSON.stringify(availability);
        if (payload && payload !== last) {
          controller.enqueue(encoder.encode(`event: availability\ndata: ${payload}\n\n`));
          last = payload;
        }
        await pause(CHECK_EVERY_MS, stop);
      }
      if (context.closing.aborted && !request.signal.aborted) {
        const retry = RECONNECT_AFTER_MS + Math.floor(Math.random() * RECONNECT_AFTER_MS);
        controller.enqueue(encoder.encode(`retry: ${retry}\nevent: reconnect\ndata: server restarting\n\n`));
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
