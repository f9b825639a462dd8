/**
 * The event's field table: every column the partner edits, declared once with its kind,
 * its label, whether a published event's change to it waits for review, the rule its form
 * field follows and, where it differs from the column, the form field's name. The
 * editor's form values and schema, the revision's values, the reviewed fields and the
 * review's labels all derive from it; `server/events/event-values.ts` classes the other
 * columns, and a test fails when a column of `events` is in neither list.
 *
 * Adding a reviewed field: its column in `server/db/schema.ts` (and the generated
 * migration), its line here, its input in the editor and where the public page shows it.
 */
import * as z from "zod/mini";
import type { EventQuestion, events, Faq, ImageRef, ScheduleItem } from "#server/db/schema";
import type { EventType } from "~/lib/event-types";
import { contentLanguage, fieldOf, optionalImage, orNull } from "~/lib/forms/editor-fields";
import { isBlank, languageName } from "~/lib/content-language";
import { otherLocale, type Locale } from "~/lib/i18n/locale";
import { plainText, requiredText, says } from "~/lib/forms/fields";
import { m } from "~/paraglide/messages";
import type { RefundWindow } from "~/lib/billing/refund-policy";
import { refundPolicySchema, waysToPaySchema } from "~/lib/forms/refund-policy-schema";
import { eventQuestions } from "~/lib/forms/question-schema";
import type { WaysToPay } from "~/lib/billing/ways-to-pay";
import { NON_SWIMMER_CHOICES, type NonSwimmers } from "~/lib/non-swimmers";
import {
  checkbox,
  currency,
  dateTime,
  optionalDateTime,
  DEFAULT_TEAMS_PER_ACCOUNT,
  eventType,
  faqs,
  MAX_TEAMS_LIMIT,
  price,
  richText,
  schedule,
  slug,
  TEAM_SIZE_LIMIT,
  TEAMS_PER_ACCOUNT_LIMIT,
  wholeNumber,
} from "~/lib/forms/event-schema";

type EventColumns = typeof events.$inferSelect;

/** The longest non-swimmer rule, in each language. */
export const NON_SWIMMER_RULE_MAX = 1000;

/** "May non-swimmers take part": one of the two choices, with a message when none is. */
const nonSwimmersChoice = z
  .string()
  .check(
    z.refine(
      (value) => (NON_SWIMMER_CHOICES as readonly string[]).includes(value),
      says(m.valid_event_non_swimmers_choose),
    ),
  ) as z.ZodMiniType<NonSwimmers, string>;

/**
 * The kinds of value a field holds, as its column stores them. The kind decides how the
 * editor shows the value (`form-values.ts`), how a revision keeps it (`event-values.ts`)
 * and how the review shows a change (`event-changes.tsx`).
 */
export type ColumnOfKind = {
  text: string;
  /** Sanitized HTML: sanitized when saved, shown as text in the review. */
  richText: string;
  /** Text where empty means "none" (stored as null). */
  optionalText: string | null;
  eventType: EventType;
  flag: boolean;
  /** A moment, typed as Copenhagen wall time; a revision keeps it as ISO text. */
  instant: Date;
  /** A moment that may be absent (null); a revision keeps it as ISO text or null. */
  optionalInstant: Date | null;
  /** An amount in minor units of the event's currency. */
  money: number;
  currency: string;
  count: number;
  scheduleRows: ScheduleItem[];
  faqRows: Faq[];
  /** The questions asked per team and per rower, each with its label in two languages. */
  questions: EventQuestion[];
  image: ImageRef | null;
  /** The language the event's texts are written in (ADR 034). */
  language: Locale;
  /** A cancellation policy: refund windows, widest first. */
  refundWindows: RefundWindow[];
  /** How bookers may pay. */
  waysToPay: WaysToPay;
  /** Whether rowers who cannot swim may take part (ADR 038). */
  nonSwimmers: NonSwimmers;
};

export type FieldKind = keyof ColumnOfKind;

/** The kinds a column of this type may have: a text column cannot be declared a count. */
type KindFor<Column> = {
  [K in FieldKind]: [Column] extends [ColumnOfKind[K]]
    ? [ColumnOfKind[K]] extends [Column]
      ? K
      : never
    : never;
}[FieldKind];

type FieldEntry<Column> = {
  kind: KindFor<Column>;
  /** The editor's name for it, as the partner saw it (the review's "What changed" shows it). */
  label: () => string;
  /** Whether a change to a published event waits for an admin (ADR 013). */
  reviewed: boolean;
  /** The rule the form field follows (its messages are the editor's). */
  input: z.ZodMiniType;
  /** The form field's name, when it is not the column's. */
  form?: string;
  /** What a new event's form starts with, when not empty. */
  blank?: string;
  /** What the review shows for an empty value, when not "(none)". */
  whenEmpty?: () => string;
  /** The field whose text this one is in the other language (ADR 034). */
  translates?: string;
};

/** The table, in the editor's order; each key is a column of `events`. */
function fieldTable<
  const T extends { [F in keyof T]: F extends keyof EventColumns ? FieldEntry<EventColumns[F]> : never },
>(table: T): T {
  return table;
}

export const EVENT_FIELDS = fieldTable({
  // The language the partner writes this event in. Changing it says the texts are in the
  // other language; it moves no text between the two columns.
  // A form without it (one rendered before the field existed) keeps the event's language.
  language: {
    kind: "language",
    label: m.editor_written_in,
    reviewed: true,
    input: z.optional(contentLanguage),
  },
  title: {
    kind: "text",
    label: m.event_field_title,
    reviewed: true,
    input: requiredText(m.valid_event_title_required, 200),
  },
  // Each translation follows its field's rule, but may stay empty, and is reviewed alike.
  titleTranslation: {
    kind: "text",
    label: m.event_field_title,
    reviewed: true,
    input: plainText(200),
    translates: "title",
  },
  // Fixed once the event has been public, so links and bookings keep working (update-event.ts).
  slug: { kind: "text", label: m.event_field_slug, reviewed: false, input: slug },
  type: { kind: "eventType", label: m.event_field_type, reviewed: true, input: eventType },
  isNetworking: { kind: "flag", label: m.event_field_is_networking, reviewed: true, input: checkbox },
  startsAt: {
    kind: "instant",
    label: m.event_field_starts_at,
    reviewed: true,
    input: dateTime(m.valid_event_label_starts_at),
  },
  endsAt: {
    kind: "instant",
    label: m.event_field_ends_at,
    reviewed: true,
    input: dateTime(m.valid_event_label_ends_at),
  },
  registrationDeadline: {
    kind: "instant",
    label: m.event_field_deadline,
    reviewed: true,
    input: dateTime(m.valid_event_label_deadline),
  },
  // The day the event moves to if the weather calls it off (ADR 038): a promise to bookers
  // about when they may be asked to come, so reviewed like the date itself.
  backupStartsAt: {
    kind: "optionalInstant",
    label: m.event_field_backup_starts_at,
    reviewed: true,
    input: optionalDateTime(m.valid_event_label_backup_starts_at),
    whenEmpty: m.event_field_no_backup_date,
  },
  backupEndsAt: {
    kind: "optionalInstant",
    label: m.event_field_backup_ends_at,
    reviewed: true,
    input: optionalDateTime(m.valid_event_label_backup_ends_at),
    whenEmpty: m.event_field_no_backup_date,
  },
  location: {
    kind: "text",
    label: m.event_field_location,
    reviewed: true,
    input: requiredText(m.valid_event_location_required, 200),
  },
  locationTranslation: {
    kind: "text",
    label: m.event_field_location,
    reviewed: true,
    input: plainText(200),
    translates: "location",
  },
  locationDetails: {
    kind: "text",
    label: m.event_field_location_details,
    reviewed: true,
    input: plainText(1000),
  },
  locationDetailsTranslation: {
    kind: "text",
    label: m.event_field_location_details,
    reviewed: true,
    input: plainText(1000),
    translates: "locationDetails",
  },
  meetingPoint: { kind: "text", label: m.event_field_meeting_point, reviewed: true, input: plainText(200) },
  meetingPointTranslation: {
    kind: "text",
    label: m.event_field_meeting_point,
    reviewed: true,
    input: plainText(200),
    translates: "meetingPoint",
  },
  priceMinor: { kind: "money", form: "price", label: m.event_field_price, reviewed: true, input: price },
  currency: {
    kind: "currency",
    label: m.event_field_currency,
    reviewed: true,
    input: currency,
    blank: "DKK",
  },
  maxTeams: {
    kind: "count",
    label: m.event_field_max_teams,
    reviewed: true,
    input: wholeNumber(m.valid_event_label_max_teams, 1, MAX_TEAMS_LIMIT),
  },
  teamSize: {
    kind: "count",
    label: m.event_field_team_size,
    reviewed: true,
    input: wholeNumber(m.valid_event_label_team_size, 1, TEAM_SIZE_LIMIT),
    blank: "9",
  },
  // How many places one booker may hold is part of the event's capacity: raised from 5 to
  // 50 it lets one account take the whole event, so it is reviewed like the capacity.
  maxTeamsPerAccount: {
    kind: "count",
    label: m.event_field_teams_per_account,
    reviewed: true,
    input: wholeNumber(
      m.valid_event_label_teams_per_account,
      1,
      TEAMS_PER_ACCOUNT_LIMIT,
      m.valid_event_teams_per_account_required,
    ),
    blank: String(DEFAULT_TEAMS_PER_ACCOUNT),
  },
  description: {
    kind: "text",
    label: m.event_field_summary,
    reviewed: true,
    input: requiredText(m.valid_event_summary_required, 500),
  },
  descriptionTranslation: {
    kind: "text",
    label: m.event_field_summary,
    reviewed: true,
    input: plainText(500),
    translates: "description",
  },
  detailedDescriptionHtml: {
    kind: "richText",
    label: m.event_field_description,
    reviewed: true,
    input: richText,
  },
  detailedDescriptionHtmlTranslation: {
    kind: "richText",
    label: m.event_field_description,
    reviewed: true,
    input: richText,
    translates: "detailedDescriptionHtml",
  },
  // The schedule and the FAQs change at once, so fixing a typo never takes an event offline.
  schedule: { kind: "scheduleRows", label: m.event_field_schedule, reviewed: false, input: schedule },
  faqs: { kind: "faqRows", label: m.event_field_faqs, reviewed: false, input: faqs },
  // What teams and rowers must answer is a promise to bookers, and the answers can be
  // personal: a new question waits for review like the texts (ADR 038).
  rowerQuestions: {
    kind: "questions",
    label: m.event_field_questions,
    reviewed: true,
    input: eventQuestions,
  },
  image: { kind: "image", label: m.event_field_image, reviewed: true, input: optionalImage },
  // Which ways to pay are offered is the organiser's running of the booking: an organiser
  // whose payout account fails must be able to switch to invoices at once. It changes no
  // price or promise a booking was made under, since each booking keeps the way it was
  // paid. A form without it keeps the event's choice.
  paymentMethods: {
    kind: "waysToPay",
    label: m.event_field_ways_to_pay,
    reviewed: false,
    input: z.optional(waysToPaySchema),
  },
  // What a cancelling booker gets back is a promise to bookers, reviewed like the price. An
  // emptied list posts nothing, as the schedule's does, so a form without it means no refund.
  refundPolicy: {
    kind: "refundWindows",
    label: m.event_field_refund_policy,
    reviewed: true,
    input: refundPolicySchema,
  },
  cancellationTerms: {
    kind: "optionalText",
    label: m.event_field_cancellation_terms,
    reviewed: true,
    input: z.pipe(plainText(5000), orNull),
    whenEmpty: m.event_field_standard_terms,
  },
  cancellationTermsTranslation: {
    kind: "text",
    label: m.event_field_cancellation_terms,
    reviewed: true,
    input: plainText(5000),
    translates: "cancellationTerms",
  },
  // Who may row is a promise to the rowers and the club's safety rule, reviewed like the
  // texts bookers read. A form without them (rendered before they existed) keeps the event's.
  nonSwimmers: {
    kind: "nonSwimmers",
    label: m.event_field_non_swimmers,
    reviewed: true,
    input: z.optional(nonSwimmersChoice),
  },
  // Required when non-swimmers row under it: checked with the choice, below.
  nonSwimmerRule: {
    kind: "text",
    label: m.event_field_non_swimmer_rule,
    reviewed: true,
    input: z.optional(plainText(NON_SWIMMER_RULE_MAX)),
  },
  nonSwimmerRuleTranslation: {
    kind: "text",
    label: m.event_field_non_swimmer_rule,
    reviewed: true,
    input: z.optional(plainText(NON_SWIMMER_RULE_MAX)),
    translates: "nonSwimmerRule",
  },
});

type Fields = typeof EVENT_FIELDS;

/** Any line of the table, for reading what it may leave out. */
type Entry = {
  label: () => string;
  form?: string;
  blank?: string;
  whenEmpty?: () => string;
  translates?: string;
};

/** The columns the editor writes. */
export type EditableField = keyof Fields;

/** The fields a published event changes only through review (ADR 013). */
export type ReviewedField = {
  [F in EditableField]: Fields[F]["reviewed"] extends true ? F : never;
}[EditableField];

export const EDITABLE_FIELDS = Object.keys(EVENT_FIELDS) as EditableField[];

export const REVIEWED_FIELDS = EDITABLE_FIELDS.filter(
  (field): field is ReviewedField => EVENT_FIELDS[field].reviewed,
);

export type FormFieldName<F extends EditableField> = Fields[F] extends { form: infer Name extends string }
  ? Name
  : F;

export function formFieldName<F extends EditableField>(field: F): FormFieldName<F> {
  const entry: Entry = EVENT_FIELDS[field];
  return (entry.form ?? field) as FormFieldName<F>;
}

export function fieldKind(field: EditableField): FieldKind {
  return EVENT_FIELDS[field].kind;
}

/** A proposed change to a published event, field by field (moments as ISO text, for jsonb). */
export type EventRevisionValues = {
  [F in ReviewedField]: Fields[F]["kind"] extends "instant"
    ? string
    : Fields[F]["kind"] extends "optionalInstant"
      ? string | null
      : EventColumns[F];
};

type ParsedForm = { [F in EditableField as FormFieldName<F>]: Fields[F]["input"] };

const isDate = (value: unknown): value is Date => value instanceof Date && !Number.isNaN(value.getTime());

/** The field whose text `name` holds in the other language, if it is a translation. */
function translatedField(name: EditableField): EditableField | undefined {
  const entry: Entry = EVENT_FIELDS[name];
  return entry.translates as EditableField | undefined;
}

/** Each field written in two languages, with the field that holds its translation. */
export const TRANSLATED_FIELDS = EDITABLE_FIELDS.flatMap((name) => {
  const main = translatedField(name);
  return main ? [{ main, translation: name }] : [];
});

/** The editor's form, checked in the browser and parsed again by the event commands. */
export const eventSchema = z
  .object(
    Object.fromEntries(
      EDITABLE_FIELDS.map((name) => [formFieldName(name), EVENT_FIELDS[name].input]),
    ) as ParsedForm,
  )
  .check(
    // Checked even when other fields are wrong, so every message shows at once.
    z.refine((value) => !(value.startsAt instanceof Date) || value.startsAt.getTime() > Date.now(), {
      error: () => m.valid_event_start_future(),
      path: ["startsAt"],
      when: ({ value }) => isDate(fieldOf(value, "startsAt")),
    }),
    z.refine((value) => value.endsAt.getTime() > value.startsAt.getTime(), {
      error: () => m.valid_event_end_after_start(),
      path: ["endsAt"],
      when: ({ value }) => isDate(fieldOf(value, "startsAt")) && isDate(fieldOf(value, "endsAt")),
    }),
    z.refine((value) => value.registrationDeadline.getTime() <= value.startsAt.getTime(), {
      error: () => m.valid_event_deadline_before_start(),
      path: ["registrationDeadline"],
      when: ({ value }) =>
        isDate(fieldOf(value, "startsAt")) && isDate(fieldOf(value, "registrationDeadline")),
    }),
    // Rowers who cannot swim row under the rule the event states, so it must say one.
    z.refine((value) => value.nonSwimmers !== "with_rule" || !isBlank(value.nonSwimmerRule), {
      error: () => m.valid_event_non_swimmer_rule_required(),
      path: ["nonSwimmerRule"],
      when: ({ value }) => fieldOf(value, "nonSwimmers") === "with_rule",
    }),
    // The backup date is the same event on another day (the database's
    // events_backup_date_check): both ends or neither, after the start, and as long.
    z.refine((value) => value.backupStartsAt !== null, {
      error: () => m.valid_event_backup_both(),
      path: ["backupStartsAt"],
      when: ({ value }) =>
        fieldOf(value, "backupStartsAt") === null && isDate(fieldOf(value, "backupEndsAt")),
    }),
    z.refine((value) => value.backupEndsAt !== null, {
      error: () => m.valid_event_backup_both(),
      path: ["backupEndsAt"],
      when: ({ value }) =>
        isDate(fieldOf(value, "backupStartsAt")) && fieldOf(value, "backupEndsAt") === null,
    }),
    z.refine((value) => (value.backupStartsAt?.getTime() ?? 0) > value.startsAt.getTime(), {
      error: () => m.valid_event_backup_after_start(),
      path: ["backupStartsAt"],
      when: ({ value }) => isDate(fieldOf(value, "startsAt")) && isDate(fieldOf(value, "backupStartsAt")),
    }),
    z.refine(
      (value) =>
        (value.backupEndsAt?.getTime() ?? 0) - (value.backupStartsAt?.getTime() ?? 0) ===
        value.endsAt.getTime() - value.startsAt.getTime(),
      {
        error: () => m.valid_event_backup_same_length(),
        path: ["backupEndsAt"],
        when: ({ value }) =>
          ["startsAt", "endsAt", "backupStartsAt", "backupEndsAt"].every((name) =>
            isDate(fieldOf(value, name)),
          ),
      },
    ),
    // A translation translates something: a text written only in the other language would be
    // stored where no page looks for it (ADR 034). The message goes on the main text's field.
    ...TRANSLATED_FIELDS.map(({ main, translation }) =>
      z.refine(
        (value) => !isBlank(fieldOf(value, formFieldName(main))) || isBlank(fieldOf(value, translation)),
        {
          error: () => m.valid_translation_needs_main(),
          path: [formFieldName(main)],
          when: ({ value }) => typeof fieldOf(value, translation) === "string",
        },
      ),
    ),
  );

/** The parsed form by column: each field under its column's name. */
export type ParsedEventFields = { [F in EditableField]: z.output<Fields[F]["input"]> };

export function columnsOfForm(parsed: z.output<typeof eventSchema>): ParsedEventFields {
  const byName = parsed as Record<string, unknown>;
  return Object.fromEntries(
    EDITABLE_FIELDS.map((name) => [name, byName[formFieldName(name)]]),
  ) as ParsedEventFields;
}

const TRANSLATED_MAIN = new Set<EditableField>(TRANSLATED_FIELDS.map(({ main }) => main));

/**
 * The label the editor gives a field. Given the language the event is written in, a field
 * written in two languages says which one it is ("Title (Danish)"), as the review shows it;
 * given `null` (a change of that language, when the two sides differ), which of the two.
 */
export function fieldLabel(name: EditableField, written?: Locale | null): string {
  const label = EVENT_FIELDS[name].label();
  if (written === undefined) return label;
  const translation = translatedField(name) !== undefined;
  if (!translation && !TRANSLATED_MAIN.has(name)) return label;
  if (written === null) {
    return translation
      ? m.field_in_translation({ field: label })
      : m.field_in_main_language({ field: label });
  }
  const language = translation ? otherLocale(written) : written;
  return m.field_in_language({ field: label, language: languageName(language) });
}

/** What the review shows for an empty value of the field, when it says more than "(none)". */
export function fieldWhenEmpty(name: EditableField): string | undefined {
  const entry: Entry = EVENT_FIELDS[name];
  return entry.whenEmpty?.();
}

/** What a new event's form starts with in the field, when not empty. */
export function fieldBlank(name: EditableField): string | undefined {
  const entry: Entry = EVENT_FIELDS[name];
  return entry.blank;
}
