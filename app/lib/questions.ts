/**
 * What the pages that show an event's questions share (ADR 038): the kinds, the answer
 * fields' names and limits, and a question in the reader's language. No zod here, so the
 * rower's public page ships only these few lines; the rules are in
 * `~/lib/forms/question-schema.ts` (the editor) and `server/questions/save-answers.ts`.
 */
import type { EventQuestion, QuestionAnswerValue, QuestionKind } from "#server/db/schema";
import { otherLocale, type Locale } from "~/lib/i18n/locale";

export const QUESTION_KINDS = [
  "short",
  "long",
  "yes_no",
  "one_of",
  "some_of",
] as const satisfies readonly QuestionKind[];
export const QUESTION_SCOPES = ["team", "rower"] as const;
export const SHORT_ANSWER_MAX = 200;
export const LONG_ANSWER_MAX = 2000;

/** Whether a question's answer is chosen from its options. */
export const hasOptions = (kind: QuestionKind): boolean => kind === "one_of" || kind === "some_of";

/** The form field of a question's answer: `answers.<question id>`. */
export const answerFieldName = (questionId: string) => `answers.${questionId}`;

/** Answers keyed by "registration/seat/question" (seat empty for a team answer). */
export function answerKeyOf(registrationId: string, seatId: string | null, questionId: string): string {
  return `${registrationId}/${seatId ?? ""}/${questionId}`;
}

/** A text and the language it is shown in. */
type Shown = { text: string; lang: Locale };

/**
 * A question as a reader sees it: the label and options in their language where the
 * partner translated them, otherwise in the event's, marked with that language.
 */
export type ShownQuestion = {
  id: string;
  kind: QuestionKind;
  required: boolean;
  label: Shown;
  options: { id: string; label: Shown }[];
};

function shown(main: string, translation: string, language: Locale, locale: Locale): Shown {
  return locale !== language && translation.trim() !== ""
    ? { text: translation, lang: otherLocale(language) }
    : { text: main, lang: language };
}

export function showQuestion(question: EventQuestion, language: Locale, locale: Locale): ShownQuestion {
  return {
    id: question.id,
    kind: question.kind,
    required: question.required,
    label: shown(question.label, question.labelTranslation, language, locale),
    options: question.options.map((option) => ({
      id: option.id,
      label: shown(option.label, option.labelTranslation, language, locale),
    })),
  };
}

/**
 * An answer as text: the chosen options' labels joined, yes or no in the given words,
 * the text itself; empty when unanswered or when an option is no longer the question's.
 */
export function answerText(
  question: ShownQuestion,
  value: QuestionAnswerValue | undefined,
  words: { yes: string; no: string },
): string {
  if (value === undefined) return "";
  if (typeof value === "boolean") return value ? words.yes : words.no;
  const labelOf = (id: string) => question.options.find((option) => option.id === id)?.label.text;
  if (Array.isArray(value)) return value.flatMap((id) => labelOf(id) ?? []).join(", ");
  return question.kind === "one_of" ? (labelOf(value) ?? "") : value;
}
