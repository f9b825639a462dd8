import { eq } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { events } from "#server/db/schema";
import type { Locale } from "~/lib/i18n/locale";
import { answerKeyOf, answerText, showQuestion, type ShownQuestion } from "~/lib/questions";
import { m } from "~/paraglide/messages";
import { answersOfRegistrations } from "./queries";

/**
 * An event's questions and the answers of some of its bookings as text, for the crew list
 * and the export (ADR 038): each question in `locale` (the export keeps the event's own
 * language), each answer worded (options by their labels, yes or no in the reader's
 * language). An answer to a question the event no longer asks, or of another kind, is
 * left out. The caller has checked the reader may see the event and these bookings.
 */
export async function answerSheet(
  db: Database,
  {
    eventId,
    registrationIds,
    locale,
  }: { eventId: string; registrationIds: readonly string[]; locale?: Locale },
) {
  const [event] = await db
    .select({ language: events.language, questions: events.rowerQuestions })
    .from(events)
    .where(eq(events.id, eventId));
  const questions = (event?.questions ?? []).map((question) => ({
    scope: question.scope,
    shown: showQuestion(question, event?.language ?? "en", locale ?? event?.language ?? "en"),
  }));
  const texts: Record<string, string> = {};
  if (questions.length > 0) {
    const byId = new Map(questions.map(({ shown }) => [shown.id, shown]));
    const words = { yes: m.questions_yes(), no: m.questions_no() };
    for (const answer of await answersOfRegistrations(db, registrationIds)) {
      const question = byId.get(answer.questionId);
      if (!question) continue;
      const text = answerText(question, answer.value, words);
      if (text) texts[answerKeyOf(answer.registrationId, answer.seatId, answer.questionId)] = text;
    }
  }
  const of = (scope: "team" | "rower"): ShownQuestion[] =>
    questions.filter((question) => question.scope === scope).map(({ shown }) => shown);
  return { teamQuestions: of("team"), rowerQuestions: of("rower"), texts };
}

export type AnswerSheet = Awaited<ReturnType<typeof answerSheet>>;
