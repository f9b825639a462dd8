import { and, eq } from "drizzle-orm";
import type { Actor } from "#server/auth/actor";
import { checkInEventsScope } from "#server/auth/policies";
import type { Database } from "#server/db/client";
import { events } from "#server/db/schema";
import { eventNotFound } from "#server/events/managed-event";
import { localizeTexts } from "~/lib/content-language";
import type { Locale } from "~/lib/i18n/locale";
import { isUuid } from "~/lib/ids";

/**
 * The check-in page's header (ADR 038): the event's title, time and place in the reader's
 * language. The teams and seats come apart, from `roster.json`, so the page's HTML stays
 * the same all day and the phone can keep a copy of it. Another partner's event, an event
 * past staff's day or an unknown id are all "not found".
 */
export async function checkInPage(
  db: Database,
  actor: Actor,
  eventId: unknown,
  locale: Locale,
  now = new Date(),
) {
  if (!isUuid(eventId)) throw eventNotFound();
  const [event] = await db
    .select({
      id: events.id,
      language: events.language,
      title: events.title,
      titleTranslation: events.titleTranslation,
      location: events.location,
      locationTranslation: events.locationTranslation,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
    })
    .from(events)
    .where(and(eq(events.id, eventId), checkInEventsScope(actor, now)));
  if (!event) throw eventNotFound();
  const shown = localizeTexts(event, locale);
  return {
    id: event.id,
    title: shown.title,
    titleLang: shown.shownIn.title,
    place: shown.location,
    placeLang: shown.shownIn.location,
    startsAt: event.startsAt,
    endsAt: event.endsAt,
  };
}
