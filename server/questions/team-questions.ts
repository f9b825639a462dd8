import type { Database } from "#server/db/client";
import type { EventQuestion, QuestionAnswerValue } from "#server/db/schema";
import type { Locale } from "~/lib/i18n/locale";
import { showQuestion } from "~/lib/questions";
import { answersOfRegistrations } from "./queries";

/**
 * A booking's team questions as the booking page and the crew page show them (ADR 038):
 * each question in the reader's language, the saved answers, whether they may still
 * change (until the event ends while the booking stands, as `saveTeamAnswers` checks) and
 * who saved them last, the booker or the captain. The caller has checked the reader may
 * see the booking.
 */
export async function teamQuestionsOf(
  db: Database,
  {
    registration,
    event,
    locale,
    now = new Date(),
  }: {
    registration: { id: string; status: string };
    event: { rowerQuestions: EventQuestion[]; language: Locale; endsAt: Date };
    locale: Locale;
    now?: Date;
  },
) {
  const list = event.rowerQuestions
    .filter((question) => question.scope === "team")
    .map((question) => showQuestion(question, event.language, locale));
  const stored =
    list.length > 0
      ? (await answersOfRegistrations(db, [registration.id])).filter((answer) => answer.seatId === null)
      : [];
  // Every save writes each answer given, so the newest answer is the last save.
  const last = stored.reduce<(typeof stored)[number] | null>(
    (newest, answer) => (newest === null || answer.answeredAt > newest.answeredAt ? answer : newest),
    null,
  );
  return {
    list,
    answers: Object.fromEntries(stored.map((answer) => [answer.questionId, answer.value])) as Record<
      string,
      QuestionAnswerValue
    >,
    open: registration.status !== "cancelled" && event.endsAt > now,
    lastSaved:
      last && (last.answeredBy === "booker" || last.answeredBy === "captain")
        ? { by: last.answeredBy, at: last.answeredAt }
        : null,
  };
}

export type TeamQuestionsView = Awaited<ReturnType<typeof teamQuestionsOf>>;
