import { sql } from "drizzle-orm";
import { isbot } from "isbot";
import type { Database } from "#server/db/client";
import { eventPageViews } from "#server/db/schema";
import { copenhagenDate, dateKey } from "#server/dashboard/calendar";
import { log } from "#server/log";

/**
 * Headers browsers put on a request made ahead of time, in case the page is opened
 * later: speculation rules and <link rel="prefetch"> (Sec-Purpose, Purpose), and old
 * Firefox (X-Moz). A prerender says "prefetch;prerender".
 */
const PREFETCH_HEADERS = ["sec-purpose", "purpose", "x-moz"];

/**
 * Whether a request for an event page is a person opening it: a GET (a document load or
 * a client-side navigation's `.data` request alike), from a browser that is not a
 * crawler, and not a prefetch. A request without a User-Agent is a script, not a person.
 */
export function countsAsPageView(request: Request): boolean {
  if (request.method !== "GET") return false;
  const userAgent = request.headers.get("user-agent");
  if (!userAgent || isbot(userAgent)) return false;
  return !PREFETCH_HEADERS.some((name) => /prefetch/i.test(request.headers.get(name) ?? ""));
}

/**
 * Adds one to the event's page views for today in Copenhagen, when the request counts
 * (`countsAsPageView`). Only the number is kept: no cookie, address or account. The
 * page must never fail because of it, so a failed write is logged and forgotten.
 */
export async function recordPageView(
  db: Database,
  { request, eventId, now = new Date() }: { request: Request; eventId: string; now?: Date },
): Promise<void> {
  if (!countsAsPageView(request)) return;
  const day = dateKey(copenhagenDate(now));
  try {
    await db
      .insert(eventPageViews)
      .values({ eventId, day, views: 1 })
      .onConflictDoUpdate({
        target: [eventPageViews.eventId, eventPageViews.day],
        // Written out in full: in DO UPDATE a bare "views" could mean the new row's too.
        set: { views: sql`${eventPageViews}.${sql.identifier(eventPageViews.views.name)} + 1` },
      });
  } catch (error) {
    log.error({ err: error }, `A page view of event ${eventId} was not counted.`);
  }
}
