import { checkInServiceWorker } from "#server/check-in/check-in-assets";

/**
 * The check-in pages' service worker (ADR 038), served from their own folder so that its
 * scope is that folder alone and it never sees another page of the site. It holds no
 * one's data, so it is the same for everyone; the browser asks for it again on each visit.
 */
export function loader() {
  return new Response(checkInServiceWorker(), {
    headers: {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": "no-cache",
    },
  });
}
