import type { EventQuestion, QuestionKind } from "#server/db/schema";
import { m } from "~/paraglide/messages";

/** Each kind of question as the editor's menu and the review name it. */
export const QUESTION_KIND_WORDS: Record<QuestionKind, () => string> = {
  short: m.question_kind_short,
  long: m.question_kind_long,
  yes_no: m.question_kind_yes_no,
  one_of: m.question_kind_one_of,
  some_of: m.question_kind_some_of,
};

/** Whom a question asks. */
export const QUESTION_SCOPE_WORDS: Record<EventQuestion["scope"], () => string> = {
  team: m.question_scope_team,
  rower: m.question_scope_rower,
};

/** "Each rower · One of a list · Required", for the review and the crew list. */
export function questionSummary(
  scope: EventQuestion["scope"],
  kind: QuestionKind,
  required: boolean,
): string {
  return [
    QUESTION_SCOPE_WORDS[scope](),
    QUESTION_KIND_WORDS[kind](),
    required ? m.question_required() : m.question_optional(),
  ].join(" · ");
}
