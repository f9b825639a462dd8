import type { FormMetadata } from "@conform-to/react";
import type { EventRow } from "#server/db/rows";
import type { EventQuestion, ImageRef } from "#server/db/schema";
import { copenhagenInputValue } from "~/lib/dates";
import {
  EDITABLE_FIELDS,
  fieldBlank,
  fieldKind,
  formFieldName,
  type ColumnOfKind,
  type EditableField,
  type EVENT_FIELDS,
  type FieldKind,
  type FormFieldName,
} from "~/lib/event-fields";
import type { EventType } from "~/lib/event-types";
import type { Locale } from "~/lib/i18n/locale";
import { EVENT_CURRENCIES, type EventCurrency } from "~/lib/forms/event-schema";
import { DEFAULT_REFUND_POLICY, type RefundWindow } from "~/lib/billing/refund-policy";
import type { WaysToPay } from "~/lib/billing/ways-to-pay";
import { defaultNonSwimmerRule, type NonSwimmers } from "~/lib/non-swimmers";

/** An image as the upload field sends it: an upload's id or a sample image's address, and alt texts. */
type SubmittedImage = { imageId?: string; src?: string; alt: string; altTranslation?: string };

/** How the form holds each kind of value: text, the checkbox as "on", lists as lists. */
type FormValueOfKind = {
  text: string;
  richText: string;
  optionalText: string;
  eventType: EventType | "";
  flag: "on" | "";
  /** A `datetime-local` value in Copenhagen time. */
  instant: string;
  /** The same, or empty for none. */
  optionalInstant: string;
  money: string;
  currency: EventCurrency | "";
  count: string;
  scheduleRows: { time: string; activity: string; activityTranslation: string }[];
  faqRows: { question: string; answer: string; questionTranslation: string; answerTranslation: string }[];
  questions: QuestionFormRow[];
  image: SubmittedImage | null;
  language: Locale;
  /** Each window's two numbers as typed. */
  refundWindows: RefundWindowRow[];
  waysToPay: WaysToPay;
  nonSwimmers: NonSwimmers;
};

/** A question as the editor holds it: the checkbox as "on", its options as rows. */
export type QuestionFormRow = {
  id: string;
  scope: EventQuestion["scope"];
  kind: EventQuestion["kind"];
  label: string;
  labelTranslation: string;
  required: "on" | "";
  options: { id: string; label: string; labelTranslation: string }[];
};

/** A refund window as the editor's two number fields hold it. */
type RefundWindowRow = { daysBefore: string; percent: string };

const windowRows = (policy: readonly RefundWindow[]): RefundWindowRow[] =>
  policy.map(({ daysBefore, percent }) => ({ daysBefore: String(daysBefore), percent: String(percent) }));

type FieldKindOf<F extends EditableField> = (typeof EVENT_FIELDS)[F]["kind"];

/** The editor's fields as the form holds them (`eventSchema`'s input), named as the form names them. */
export type EventFormValues = {
  -readonly [F in EditableField as FormFieldName<F>]: FormValueOfKind[FieldKindOf<F>];
};

/** The stored event columns the form is filled from (an event with its pending change applied). */
type EventSource = Pick<EventRow, EditableField>;

const submitted = (ref: ImageRef): SubmittedImage => {
  const alts = { alt: ref.alt, altTranslation: ref.altTranslation ?? "" };
  return ref.imageId ? { imageId: ref.imageId, ...alts } : { src: ref.src, ...alts };
};

/** A price in minor units as typed: "2500", or "2500.50" when there are øre or pence. */
export function priceInputValue(priceMinor: number): string {
  return priceMinor % 100 === 0 ? String(priceMinor / 100) : (priceMinor / 100).toFixed(2);
}

const isCurrency = (value: string): value is EventCurrency =>
  (EVENT_CURRENCIES as readonly string[]).includes(value);

const same = <T>(value: T): T => value;

/** Each kind of stored value as the form holds it. */
const TO_FORM: { [K in FieldKind]: (value: ColumnOfKind[K]) => FormValueOfKind[K] } = {
  text: same,
  richText: same,
  optionalText: (value) => value ?? "",
  eventType: same,
  flag: (value) => (value ? "on" : ""),
  instant: copenhagenInputValue,
  optionalInstant: (value) => (value ? copenhagenInputValue(value) : ""),
  money: priceInputValue,
  currency: (value) => (isCurrency(value) ? value : ""),
  count: String,
  scheduleRows: (rows) =>
    rows.map(({ time, activity, activityTranslation = "" }) => ({ time, activity, activityTranslation })),
  faqRows: (rows) =>
    rows.map(({ question, answer, questionTranslation = "", answerTranslation = "" }) => ({
      question,
      answer,
      questionTranslation,
      answerTranslation,
    })),
  questions: (questions) =>
    questions.map(({ required, options, ...question }) => ({
      ...question,
      required: required ? "on" : "",
      options: options.map((option) => ({ ...option })),
    })),
  image: (ref) => (ref ? submitted(ref) : null),
  language: same,
  refundWindows: windowRows,
  waysToPay: same,
  nonSwimmers: same,
};

/** An empty field of each kind. */
const EMPTY: { [K in FieldKind]: () => FormValueOfKind[K] } = {
  text: () => "",
  richText: () => "",
  optionalText: () => "",
  eventType: () => "",
  flag: () => "",
  instant: () => "",
  optionalInstant: () => "",
  money: () => "",
  currency: () => "",
  count: () => "",
  scheduleRows: () => [],
  faqRows: () => [],
  questions: () => [],
  image: () => null,
  language: () => "en",
  // A new event starts with the standard policy and invoices, as the columns' defaults do.
  refundWindows: () => windowRows(DEFAULT_REFUND_POLICY),
  waysToPay: () => "invoice",
  nonSwimmers: () => "with_rule",
};

/** A stored event as the editor starts from it. */
export function eventFormValues(event: EventSource): EventFormValues {
  return Object.fromEntries(
    EDITABLE_FIELDS.map((name) => {
      const toForm = TO_FORM[fieldKind(name)] as (value: unknown) => unknown;
      return [formFieldName(name), toForm(event[name])];
    }),
  ) as EventFormValues;
}

/**
 * A copy of an event for a new one: everything but its dates, which the partner sets
 * afresh, and its address, which must be another (`slug`, a free variant).
 */
export function duplicateFormValues(event: EventSource, slug: string): EventFormValues {
  const dates = { startsAt: "", endsAt: "", registrationDeadline: "", backupStartsAt: "", backupEndsAt: "" };
  return { ...eventFormValues(event), slug, ...dates };
}

/**
 * A new event's empty form, with the usual currency, team size and teams per account
 * filled in, written in the partner's language, and DFfR's non-swimmer rule in it.
 */
export function blankEventFormValues(language: Locale): EventFormValues {
  const blank = Object.fromEntries(
    EDITABLE_FIELDS.map((name) => [formFieldName(name), fieldBlank(name) ?? EMPTY[fieldKind(name)]()]),
  ) as EventFormValues;
  const { rule, translation } = defaultNonSwimmerRule(language);
  return { ...blank, language, nonSwimmerRule: rule, nonSwimmerRuleTranslation: translation };
}

/** The event editor's form, as its list fields see it. */
export type EventForm = FormMetadata<EventFormValues, string[]>;
