import { desc, eq } from "drizzle-orm";
import type { Database } from "#server/db/client";
import {
  declarationAcceptances,
  eventDeclarations,
  questionAnswers,
  teamRegistrations,
} from "#server/db/schema";
import { seatCodeOf, teamCodeSvg } from "#server/qr/team-code";
import { showQuestion } from "~/lib/questions";
import { localizeTexts } from "~/lib/content-language";
import type { Locale } from "~/lib/i18n/locale";
import { findSeatByToken } from "./find-seat-by-token";
import { m } from "~/paraglide/messages";

/**
 * What a rower's own page shows (ADR 038): their seat and team, the event, their answers,
 * the rule for non-swimmers, the rower questions with their answers and the event's current declaration with the version they
 * accepted. Null for every link that opens no seat, so the page answers all of them alike.
 */
export async function rowerPage(
  services: { db: Database; authSecret: string },
  token: unknown,
  locale: Locale,
  now = new Date(),
) {
  const found = await findSeatByToken(services, token, now);
  if (!found) return null;
  const { seat, event, registration } = found;
  const [[declaration], [acceptance], answers, [booking]] = await Promise.all([
    services.db
      .select()
      .from(eventDeclarations)
      .where(eq(eventDeclarations.eventId, event.id))
      .orderBy(desc(eventDeclarations.version))
      .limit(1),
    services.db
      .select({
        acceptedAt: declarationAcceptances.acceptedAt,
        method: declarationAcceptances.method,
        version: eventDeclarations.version,
      })
      .from(declarationAcceptances)
      .innerJoin(eventDeclarations, eq(eventDeclarations.id, declarationAcceptances.declarationId))
      .where(eq(declarationAcceptances.seatId, seat.id)),
    services.db
      .select({ questionId: questionAnswers.questionId, value: questionAnswers.value })
      .from(questionAnswers)
      .where(eq(questionAnswers.seatId, seat.id)),
    services.db
      .select({ roster: teamRegistrations.roster })
      .from(teamRegistrations)
      .where(eq(teamRegistrations.id, registration.id)),
  ]);
  // The lookup found the booking confirmed and the event not ended.
  const code = seatCodeOf(
    { status: "confirmed", reference: registration.reference, roster: booking?.roster ?? [] },
    event,
    seat.id,
    now,
  );
  // The rule is the partner's text like the title: in the event's language, with a
  // translation (migration 0036 put DFfR's Danish rule first on Danish events).
  const shownEvent = localizeTexts(
    {
      language: event.language,
      title: event.title,
      titleTranslation: event.titleTranslation,
      nonSwimmerRule: event.nonSwimmerRule,
      nonSwimmerRuleTranslation: event.nonSwimmerRuleTranslation,
    },
    locale,
  );
  return {
    seat: {
      name: seat.name,
      swims: seat.swims,
      emergencyName: seat.emergencyName,
      emergencyPhone: seat.emergencyPhone,
      confirmedAt: seat.confirmedAt,
      remindersStoppedAt: seat.remindersStoppedAt,
    },
    team: { name: registration.teamName, reference: registration.reference },
    // The rower's own QR code, drawn here so the page's JavaScript has no encoder.
    seatCode: code && { code, svg: teamCodeSvg(code, m.rower_code_label({ code })) },
    event: {
      title: shownEvent.title,
      titleLang: shownEvent.shownIn.title,
      startsAt: event.startsAt,
      endsAt: event.endsAt,
      nonSwimmers: event.nonSwimmers,
      nonSwimmerRule: shownEvent.nonSwimmerRule,
      nonSwimmerRuleLang: shownEvent.shownIn.nonSwimmerRule,
    },
    declaration: declaration
      ? {
          version: declaration.version,
          ...localizeTexts(
            {
              language: declaration.language,
              text: declaration.text,
              textTranslation: declaration.textTranslation,
            },
            locale,
          ),
        }
      : null,
    acceptance: acceptance ?? null,
    // The rower questions in the reader's language, with the answers this seat gave.
    questions: event.rowerQuestions
      .filter((question) => question.scope === "rower")
      .map((question) => showQuestion(question, event.language, locale)),
    answers: Object.fromEntries(answers.map((answer) => [answer.questionId, answer.value])),
  };
}
