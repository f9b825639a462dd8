/**
 * The rules of the event editor's fields (/dashboard/partner/events/new and /{id}),
 * checked in the browser and parsed again by the event commands; the field table
 * (`~/lib/event-fields`) says which field follows which rule and builds `eventSchema`.
 * Dates are typed as Copenhagen wall time in `datetime-local` inputs; the price is typed
 * in whole units ("2500" or "2500,50") and comes out in minor units. Schedule and FAQ rows
 * arrive as Conform names them (`schedule[0].time`); rows left blank are dropped after the check.
 */
import * as z from "zod/mini";
import { parseCopenhagenInput } from "~/lib/dates";
import { isEventType, type EventType } from "~/lib/event-types";
import { rowList } from "./editor-fields";
import { m } from "~/paraglide/messages";
import { formatCount, plainText, requiredText, says, text, trimmed, wordsOf, type Message } from "./fields";

/** Every price is in Danish kroner, net of moms (ADR 035). */
export const EVENT_CURRENCIES = ["DKK"] as const;
export type EventCurrency = (typeof EVENT_CURRENCIES)[number];

export const MAX_TEAMS_LIMIT = 500;
export const TEAM_SIZE_LIMIT = 50;
/**
 * Teams one account may hold at one event: a default that lets a company bring a few
 * teams while no single booker can take every place, and an upper bound the database
 * also enforces (`events_max_teams_per_account_range`).
 */
export const DEFAULT_TEAMS_PER_ACCOUNT = 5;
export const TEAMS_PER_ACCOUNT_LIMIT = 50;
/** A price above this is a typing mistake, not a team event (and stays inside an integer). */
const MAX_PRICE = 1_000_000;
export const MAX_EVENT_ROWS = 30;
export const SLUG_MAX_LENGTH = 120;

export const slug = z.pipe(
  z.pipe(
    trimmed,
    z.transform((value) => value.toLowerCase()),
  ),
  z.string().check(
    z.minLength(1, says(m.valid_slug_required)),
    z.maxLength(
      SLUG_MAX_LENGTH,
      says(() => m.valid_slug_too_long({ max: formatCount(SLUG_MAX_LENGTH) })),
    ),
    z.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, says(m.valid_slug_format)),
  ),
);

export const eventType = z.pipe(
  trimmed,
  z.string().check(z.refine((value) => isEventType(value), says(m.valid_event_type_required))),
) as unknown as z.ZodMiniType<EventType, unknown>;

export const currency = z.pipe(
  trimmed,
  z
    .string()
    .check(
      z.refine(
        (value) => (EVENT_CURRENCIES as readonly string[]).includes(value),
        says(m.valid_currency_required),
      ),
    ),
) as unknown as z.ZodMiniType<EventCurrency, unknown>;

/** A checkbox: present ("on") or absent. */
export const checkbox = z.pipe(
  z.optional(z.unknown()),
  z.transform((value) => value === "on" || value === "true" || value === true),
);

/**
 * A date and time typed in Copenhagen time; `label` names it in the messages ("start
 * date and time" in "Please enter the start date and time").
 */
export function dateTime(label: Message) {
  return z.pipe(
    trimmed,
    z.transform((value, ctx): Date => {
      if (value === "") {
        ctx.issues.push({
          code: "custom",
          message: m.valid_date_time_required({ label: wordsOf(label) }),
          input: value,
        });
        return z.NEVER;
      }
      const instant = parseCopenhagenInput(value);
      if (!instant) {
        ctx.issues.push({
          code: "custom",
          message: m.valid_date_time_invalid({ label: wordsOf(label) }),
          input: value,
        });
        return z.NEVER;
      }
      return instant;
    }),
  );
}

/** A date and time that may stay empty (null), checked as `dateTime` when given. */
export function optionalDateTime(label: Message) {
  return z.pipe(
    trimmed,
    z.transform((value, ctx): Date | null => {
      if (value === "") return null;
      const instant = parseCopenhagenInput(value);
      if (!instant) {
        ctx.issues.push({
          code: "custom",
          message: m.valid_date_time_invalid({ label: wordsOf(label) }),
          input: value,
        });
        return z.NEVER;
      }
      return instant;
    }),
  );
}

/**
 * A whole number from `min` to `max`, typed in a number field; `label` names it in the
 * messages ("the team size"). With `emptyMessage`, an empty field says what to enter
 * rather than that it is not a number.
 */
export function wholeNumber(label: Message, min: number, max: number, emptyMessage?: Message) {
  return z.pipe(
    trimmed,
    z.transform((value, ctx): number => {
      if (value === "" && emptyMessage) {
        ctx.issues.push({ code: "custom", message: wordsOf(emptyMessage), input: value });
        return z.NEVER;
      }
      if (!/^\d{1,9}$/.test(value)) {
        ctx.issues.push({
          code: "custom",
          message: m.valid_whole_number_invalid({ label: wordsOf(label) }),
          input: value,
        });
        return z.NEVER;
      }
      const number = Number(value);
      if (number < min || number > max) {
        ctx.issues.push({
          code: "custom",
          message: m.valid_whole_number_range({
            label: wordsOf(label),
            min: formatCount(min),
            max: formatCount(max),
          }),
          input: value,
        });
      }
      return number;
    }),
  );
}

/** A price in whole units with up to two decimals (comma or point), as minor units. */
export const price = z.pipe(
  z.pipe(
    trimmed,
    z.transform((value) => value.replace(/\s/g, "")),
  ),
  z.transform((value, ctx): number => {
    if (value.startsWith("-")) {
      ctx.issues.push({ code: "custom", message: m.valid_price_negative(), input: value });
      return z.NEVER;
    }
    const match = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(value);
    if (!match) {
      ctx.issues.push({
        code: "custom",
        message: m.valid_price_format(),
        input: value,
      });
      return z.NEVER;
    }
    const minor = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
    if (minor > MAX_PRICE * 100) {
      ctx.issues.push({
        code: "custom",
        message: m.valid_price_too_high({ max: formatCount(MAX_PRICE) }),
        input: value,
      });
    }
    return minor;
  }),
);

/** Each of a row's two fields is needed once the other is filled. */
const bothOrNeither = <R extends Record<string, string>>(
  key: keyof R & string,
  other: keyof R,
  message: () => string,
) => z.refine<R>((row) => row[key] !== "" || row[other] === "", { error: () => message(), path: [key] });

/** A row's translation needs the main text it translates (ADR 034). */
const mainBeforeTranslation = <R extends Record<string, string>>(key: keyof R & string) =>
  z.refine<R>((row) => row[key] !== "" || row[`${key}Translation`] === "", {
    error: () => m.valid_translation_needs_main(),
    path: [key],
  });

type ScheduleRow = { time: string; activity: string; activityTranslation: string };
type FaqRow = { question: string; answer: string; questionTranslation: string; answerTranslation: string };

export const schedule = rowList(
  z
    .object({ time: plainText(40), activity: plainText(300), activityTranslation: plainText(300) })
    .check(
      bothOrNeither<ScheduleRow>("time", "activity", m.valid_schedule_time_required),
      bothOrNeither<ScheduleRow>("activity", "time", m.valid_schedule_activity_required),
      mainBeforeTranslation<ScheduleRow>("activity"),
    ),
  (row) => row.time === "" && row.activity === "" && row.activityTranslation === "",
  MAX_EVENT_ROWS,
);

export const faqs = rowList(
  z
    .object({
      question: plainText(300),
      answer: plainText(2000),
      questionTranslation: plainText(300),
      answerTranslation: plainText(2000),
    })
    .check(
      bothOrNeither<FaqRow>("question", "answer", m.valid_faq_question_required),
      bothOrNeither<FaqRow>("answer", "question", m.valid_faq_answer_required),
      bothOrNeither<FaqRow>("questionTranslation", "answerTranslation", m.valid_faq_question_required),
      bothOrNeither<FaqRow>("answerTranslation", "questionTranslation", m.valid_faq_answer_required),
      mainBeforeTranslation<FaqRow>("question"),
      mainBeforeTranslation<FaqRow>("answer"),
    ),
  (row) =>
    row.question === "" &&
    row.answer === "" &&
    row.questionTranslation === "" &&
    row.answerTranslation === "",
  MAX_EVENT_ROWS,
);

/** A 1 MB description is refused here; the command sanitises what is left before storing it. */
const MAX_DESCRIPTION_HTML = 50_000;
export const richText = z.pipe(
  text,
  z.string().check(
    z.maxLength(
      MAX_DESCRIPTION_HTML,
      says(() => m.valid_event_description_too_long({ max: formatCount(MAX_DESCRIPTION_HTML) })),
    ),
  ),
);

/** The decisions a partner or admin makes on an event, each with its own reason field. */
export const reviewNoteSchema = z.object({
  note: requiredText(m.valid_review_note_required, 5000),
  version: z.pipe(trimmed, z.string()),
});

export const approveEventSchema = z.object({
  version: z.pipe(trimmed, z.string()),
});

export const eventReasonSchema = z.object({
  reason: requiredText(m.valid_reason_required, 2000, 5),
  confirm: z
    .pipe(
      z.optional(z.unknown()),
      z.transform((value) => value === "on" || value === "true"),
    )
    .check(z.refine((value) => value, says(m.valid_confirm_required))),
});
