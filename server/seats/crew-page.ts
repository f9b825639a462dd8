import type { Database } from "#server/db/client";
import { teamQuestionsOf } from "#server/questions/team-questions";
import { localizeTexts } from "~/lib/content-language";
import type { Locale } from "~/lib/i18n/locale";
import { findCrewByToken } from "./find-crew-by-token";
import { seatStatesOf } from "./seat-states";

/**
 * What a captain's crew page shows (ADR 038): the event, the team, each seat's name and
 * state with what is missing, never a rower's answers, address or emergency contact, and
 * the team's questions with their answers, which the captain may give as the booker. Null
 * for every link that opens no booking, so the page answers all of them alike.
 */
export async function crewPage(
  services: { db: Database; authSecret: string },
  token: unknown,
  locale: Locale,
  now = new Date(),
) {
  const found = await findCrewByToken(services, token, now);
  if (!found) return null;
  const { registration, event } = found;
  const shown = localizeTexts(
    { language: event.language, title: event.title, titleTranslation: event.titleTranslation },
    locale,
  );
  return {
    team: { name: registration.teamName, reference: registration.reference },
    event: {
      title: shown.title,
      titleLang: shown.shownIn.title,
      startsAt: event.startsAt,
      endsAt: event.endsAt,
    },
    seats: await seatStatesOf(services.db, {
      registrationId: registration.id,
      eventId: event.id,
      roster: registration.roster,
    }),
    questions: await teamQuestionsOf(services.db, {
      // The link opens only a confirmed booking.
      registration: { id: registration.id, status: "confirmed" },
      event,
      locale,
      now,
    }),
  };
}
