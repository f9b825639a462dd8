/**
 * An event's questions (ADR 038) in one place: the editor's rule for the list the partner
 * writes, and the rule an answer follows, used by the rower's page and the booking page.
 * The editor posts each question as Conform names it (`rowerQuestions[0].options[1].label`);
 * a question or option left blank is dropped after the check, as the FAQs' rows are.
 */
import * as z from "zod/mini";
import type { EventQuestion } from "#server/db/schema";
import { hasOptions, QUESTION_KINDS, QUESTION_SCOPES } from "~/lib/questions";
import { m } from "~/paraglide/messages";
import { asList, fieldOf } from "./editor-fields";
import { checkbox } from "./event-schema";
import { formatCount, plainText, says, trimmed } from "./fields";

const MAX_QUESTIONS = 20;
const MAX_OPTIONS = 20;
const QUESTION_LABEL_MAX = 200;
const OPTION_LABEL_MAX = 100;

/**
 * A question's or option's id as the form sends it back: kept only when it looks like one
 * of ours, so a forged value never reaches the stored list. A new row's is empty and gets
 * its id on the server (`settleQuestionIds`).
 */
const ID_PATTERN = /^[A-Za-z0-9-]{1,64}$/;
const rowId = z.pipe(
  trimmed,
  z.transform((value) => (ID_PATTERN.test(value) ? value : "")),
);

const optionRow = z
  .object({ id: rowId, label: plainText(OPTION_LABEL_MAX), labelTranslation: plainText(OPTION_LABEL_MAX) })
  .check(
    // A translation translates something (ADR 034).
    z.refine((row) => row.label !== "" || row.labelTranslation === "", {
      error: () => m.valid_translation_needs_main(),
      path: ["label"],
    }),
  );
type OptionRow = z.output<typeof optionRow>;

const isBlankOption = (row: OptionRow) => row.label === "" && row.labelTranslation === "";

const tooMany = (max: number) => says(() => m.valid_list_too_long({ max: formatCount(max) }));

/** A list as Conform posts it; more than `max` rows is refused before blank rows are dropped. */
const listOf = <Row extends object>(row: z.ZodMiniType<Row, object>, max: number) =>
  z.pipe(
    asList,
    z
      .array(
        z.pipe(
          z.transform((value: unknown) => value ?? {}),
          row,
        ),
      )
      .check(z.maxLength(max, tooMany(max))),
  );

const choice = <const T extends readonly string[]>(values: T, message: () => string) =>
  z.pipe(
    trimmed,
    z.string().check(z.refine((value) => (values as readonly string[]).includes(value), says(message))),
  ) as unknown as z.ZodMiniType<T[number], unknown>;

const questionRow = z
  .object({
    id: rowId,
    scope: choice(QUESTION_SCOPES, m.valid_question_scope_choose),
    kind: choice(QUESTION_KINDS, m.valid_question_kind_choose),
    label: plainText(QUESTION_LABEL_MAX),
    labelTranslation: plainText(QUESTION_LABEL_MAX),
    required: checkbox,
    options: listOf(optionRow, MAX_OPTIONS),
  })
  .check(
    z.refine((row) => row.label !== "" || isBlankQuestion(row), {
      error: () => m.valid_question_label_required(),
      path: ["label"],
    }),
    // Checked only where both are known, so a wrong kind does not also say "two options";
    // two options alike (whatever their case) are told apart by the next rule.
    z.refine((row) => row.options.filter((option) => !isBlankOption(option)).length >= 2, {
      error: () => m.valid_question_options_two(),
      path: ["options"],
      when: ({ value }) => isChoice(fieldOf(value, "kind")) && Array.isArray(fieldOf(value, "options")),
    }),
    z.refine(
      (row) => {
        const labels = row.options.filter((option) => !isBlankOption(option)).map(optionKey);
        return new Set(labels).size === labels.length;
      },
      {
        error: () => m.valid_question_options_distinct(),
        path: ["options"],
        when: ({ value }) => isChoice(fieldOf(value, "kind")) && Array.isArray(fieldOf(value, "options")),
      },
    ),
  );
type QuestionRow = z.output<typeof questionRow>;

const optionKey = (option: OptionRow) => option.label.toLocaleLowerCase();
const isChoice = (kind: unknown): boolean => kind === "one_of" || kind === "some_of";

/** A question row nobody wrote in: added and left empty. */
function isBlankQuestion(row: Pick<QuestionRow, "label" | "labelTranslation" | "options">): boolean {
  return row.label === "" && row.labelTranslation === "" && row.options.every(isBlankOption);
}

/**
 * The editor's list of questions: at most 20, each with its label (at most 200
 * characters) and, for one or several of a list, at least two different options of at
 * most 100 characters, at most 20. Options of a kind that has none are not kept.
 */
export const eventQuestions = z.pipe(
  listOf(questionRow, MAX_QUESTIONS),
  z.transform((rows: QuestionRow[]): EventQuestion[] =>
    rows
      .filter((row) => !isBlankQuestion(row))
      .map((row) => ({
        ...row,
        options: hasOptions(row.kind) ? row.options.filter((option) => !isBlankOption(option)) : [],
      })),
  ),
);

/**
 * The ids of a saved list. A question keeps its id only while a question of that id and
 * the same scope and kind is already known (the event's, or its pending revision's): a
 * changed kind is a new question, so answers given to the old one are no longer shown as
 * its answers. An option keeps its id only where its question kept its own and had it.
 */
export function settleQuestionIds(
  questions: EventQuestion[],
  known: readonly EventQuestion[],
  newId: () => string = () => crypto.randomUUID(),
): EventQuestion[] {
  const used = new Set<string>();
  return questions.map((question) => {
    const before = known.find(
      (old) => old.id === question.id && old.scope === question.scope && old.kind === question.kind,
    );
    const id = before && !used.has(question.id) ? question.id : newId();
    used.add(id);
    const keptIds = new Set(id === before?.id ? before.options.map((option) => option.id) : []);
    const usedOptions = new Set<string>();
    return {
      ...question,
      id,
      options: question.options.map((option) => {
        const optionId = keptIds.has(option.id) && !usedOptions.has(option.id) ? option.id : newId();
        usedOptions.add(optionId);
        return { ...option, id: optionId };
      }),
    };
  });
}
