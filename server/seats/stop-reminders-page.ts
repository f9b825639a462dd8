import { localizeTexts } from "~/lib/content-language";
import type { Locale } from "~/lib/i18n/locale";
import type { Database } from "#server/db/client";
import { findSeatByToken } from "./find-seat-by-token";

/**
 * What the "stop reminders" page shows (ADR 038): whose seat, for which event, and whether
 * its reminders are stopped; nothing the rower answered. Null for every link that opens no
 * seat, so the page answers them all with the rower link's 404.
 */
export async function stopRemindersPage(
  services: { db: Database; authSecret: string },
  token: unknown,
  locale: Locale,
  now = new Date(),
) {
  const found = await findSeatByToken(services, token, now, "stop-reminders");
  if (!found) return null;
  const { seat, event, registration } = found;
  const shown = localizeTexts(
    { language: event.language, title: event.title, titleTranslation: event.titleTranslation },
    locale,
  );
  return {
    name: seat.name,
    teamName: registration.teamName,
    event: { title: shown.title, startsAt: event.startsAt },
    stoppedAt: seat.remindersStoppedAt,
  };
}
