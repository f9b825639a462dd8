import { and, eq, ne } from "drizzle-orm";
import { isBlank } from "~/lib/content-language";
import {
  columnsOfForm,
  EDITABLE_FIELDS,
  EVENT_FIELDS,
  eventSchema,
  fieldKind,
  fieldLabel,
  REVIEWED_FIELDS,
  TRANSLATED_FIELDS,
  type EditableField,
  type EventRevisionValues,
  type ReviewedField,
} from "~/lib/event-fields";
import { sanitizeRichText } from "#server/content/sanitize";
import type { Database } from "#server/db/client";
import type { EventRow } from "#server/db/rows";
import { events, type EventQuestion, type ImageRef } from "#server/db/schema";
import { settleQuestionIds } from "~/lib/forms/question-schema";
import { invalidField, isAppError, parseInput } from "#server/errors";
import { attachImages, type SubmittedImage } from "#server/images/attach-images";
import type { Locale } from "~/lib/i18n/locale";
import type { WaysToPay } from "~/lib/billing/ways-to-pay";
import { defaultNonSwimmerRule } from "~/lib/non-swimmers";
import { m } from "~/paraglide/messages";

/**
 * The columns of `events` the editor never writes: the event's identity, owner and
 * state, kept by the commands themselves. With the field table (`~/lib/event-fields`),
 * every column is classed: a test fails on a column in neither list, so no new column
 * escapes the question "does a change to it wait for review?".
 */
export const SYSTEM_COLUMNS = [
  "id",
  "partnerId",
  "status",
  "reviewNote",
  "submittedAt",
  "publishedAt",
  "cancelledAt",
  "cancellationReason",
  "version",
  "createKey",
  "createdAt",
  "updatedAt",
  // Raised by the database when the time, place or status changes (migration 0029).
  "calendarSequence",
  // The club's own weather limits and forecast point, set on the weather board and never
  // reviewed: they promise bookers nothing (ADR 038, migration 0032).
  "maxWindMs",
  "maxGustMs",
  "minWaterC",
  "forecastLat",
  "forecastLon",
] as const satisfies readonly (keyof EventRow)[];

/** The columns the editor writes, as stored. */
export type EventValues = Pick<EventRow, EditableField>;

/** The editor's fields a published event takes at once, without review (ADR 013). */
const UNREVIEWED_FIELDS = EDITABLE_FIELDS.filter(
  (field): field is Exclude<EditableField, ReviewedField> => !EVENT_FIELDS[field].reviewed,
);

/** The values a save applies to a published event at once, beside its revision. */
export function unreviewedValuesOf(
  values: EventValues,
): Pick<EventRow, Exclude<EditableField, ReviewedField>> {
  return Object.fromEntries(UNREVIEWED_FIELDS.map((field) => [field, values[field]])) as Pick<
    EventRow,
    Exclude<EditableField, ReviewedField>
  >;
}

/** Whether non-swimmers row, and the rule, as an event keeps them. */
type NonSwimmerValues = Pick<EventRow, "nonSwimmers" | "nonSwimmerRule" | "nonSwimmerRuleTranslation">;

/**
 * The editor's form as the columns store it: checked with the form's schema, questions
 * given their ids (`settleQuestionIds`), and rich text sanitized, so no path stores or shows HTML as typed. The cover comes back as
 * submitted; `trustedCover` turns it into a ref the server built. A form that names no
 * language is taken as written in `language` (the event's own, or its partner's), one
 * without the ways to pay keeps `paymentMethods` (the event's, or the column's default),
 * and one without the non-swimmer fields keeps `nonSwimmers` (the event's, or DFfR's rule
 * in the event's language).
 */
export function readEventInput(
  input: unknown,
  {
    language,
    paymentMethods = "invoice",
    questions = [],
    nonSwimmers,
  }: {
    language: Locale;
    paymentMethods?: WaysToPay;
    questions?: readonly EventQuestion[];
    nonSwimmers?: NonSwimmerValues;
  },
): Omit<EventValues, "image"> & { image: SubmittedImage | null } {
  const values = columnsOfForm(parseInput(eventSchema, input));
  // Ids come from the server: a question keeps its id only while `questions` (the event's
  // and its pending revision's) has it with the same kind.
  values.rowerQuestions = settleQuestionIds(values.rowerQuestions, questions);
  for (const field of EDITABLE_FIELDS) {
    const value = values[field];
    if (fieldKind(field) === "richText" && typeof value === "string") {
      Object.assign(values, { [field]: sanitizeRichText(value) });
    }
  }
  const written = values.language ?? language;
  const { rule, translation } = defaultNonSwimmerRule(written);
  const kept = nonSwimmers ?? {
    nonSwimmers: "with_rule",
    nonSwimmerRule: rule,
    nonSwimmerRuleTranslation: translation,
  };
  return {
    ...values,
    language: written,
    paymentMethods: values.paymentMethods ?? paymentMethods,
    nonSwimmers: values.nonSwimmers ?? kept.nonSwimmers,
    nonSwimmerRule: values.nonSwimmerRule ?? kept.nonSwimmerRule,
    nonSwimmerRuleTranslation: values.nonSwimmerRuleTranslation ?? kept.nonSwimmerRuleTranslation,
  };
}

/** The cover a save or preview shows: an upload of this partner's, or the image the event already has. */
export async function trustedCover(
  tx: Database,
  {
    partnerId,
    submitted,
    current,
    attach,
  }: {
    partnerId: string;
    submitted: SubmittedImage | null;
    current: readonly (ImageRef | null)[];
    attach: boolean;
  },
): Promise<ImageRef | null> {
  if (!submitted) return null;
  const kept = current.filter((ref): ref is ImageRef => ref !== null);
  try {
    const [image] = await attachImages(tx, { partnerId, submitted: [submitted], current: kept, attach });
    return image ?? null;
  } catch (error) {
    // A pruned upload, or a sample picture the partner no longer shows: the form stays, with a message.
    if (isAppError(error) && error.code === "not_found") {
      throw invalidField("image", m.err_image_unavailable());
    }
    throw error;
  }
}

/** An event's reviewed fields as a revision stores them (moments as ISO text, for jsonb). */
export function revisionValuesOf(values: Pick<EventRow, ReviewedField>): EventRevisionValues {
  return Object.fromEntries(
    REVIEWED_FIELDS.map((field) => {
      const value = values[field];
      return [field, value instanceof Date ? value.toISOString() : value];
    }),
  ) as EventRevisionValues;
}

/**
 * A revision's values as the event's columns. A field the revision lacks (it was saved
 * before the field existed) is left out, so it keeps the event's own value.
 */
export function columnsOfRevision(values: EventRevisionValues): Partial<Pick<EventRow, ReviewedField>> {
  return Object.fromEntries(
    REVIEWED_FIELDS.filter((field) => field in values).map((field) => {
      const value = values[field];
      const kind = fieldKind(field);
      const moment = kind === "instant" || (kind === "optionalInstant" && value !== null);
      return [field, moment ? new Date(String(value)) : value];
    }),
  );
}

/** The event as it will look once its pending revision is approved (the event itself without one). */
export function withRevision<T extends EventRow>(
  event: T,
  revision: { values: EventRevisionValues } | null,
): T {
  return revision ? { ...event, ...columnsOfRevision(revision.values) } : event;
}

/** JSON with sorted keys, so jsonb's own key order never counts as a change. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === "object" && !Array.isArray(item)
      ? Object.fromEntries(
          Object.entries(item as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : item,
  );
}

export type FieldChange = { field: ReviewedField; before: unknown; after: unknown };

/** The reviewed fields in which `proposed` differs from the published event, in form order. */
export function reviewedChanges(
  published: Pick<EventRow, ReviewedField>,
  proposed: EventRevisionValues,
): FieldChange[] {
  return valueChanges(revisionValuesOf(published), proposed);
}

/**
 * The reviewed fields in which `after` differs from `before`, in form order. A field one
 * side lacks (saved before the field existed) counts as unchanged.
 */
export function valueChanges(before: EventRevisionValues, after: EventRevisionValues): FieldChange[] {
  return REVIEWED_FIELDS.flatMap((field) =>
    !(field in before) || !(field in after) || stableJson(before[field]) === stableJson(after[field])
      ? []
      : [{ field, before: before[field], after: after[field] }],
  );
}

/** Another event's slug is "taken"; checked in the saving transaction, the unique index settles a race. */
export async function assertSlugFree(tx: Database, slug: string, eventId?: string): Promise<void> {
  const [taken] = await tx
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.slug, slug), eventId ? ne(events.id, eventId) : undefined))
    .limit(1);
  if (taken) throw slugTaken();
}

export const slugTaken = () => invalidField("slug", m.err_slug_taken());

/** Whether a failed insert or update broke the unique slug index (a race between two saves). */
export function isSlugConflict(error: unknown): boolean {
  const text = String((error as { cause?: unknown })?.cause ?? error);
  return text.includes("events_slug_key");
}

/**
 * The event's texts written in its main language but not in the other, by the labels the
 * editor gives them, in form order: the review flags them (ADR 034). A list counts as
 * untranslated when any of its rows is.
 */
export function untranslatedTexts(event: Pick<EventRow, EditableField>): string[] {
  const missing = new Set<EditableField>(
    TRANSLATED_FIELDS.filter(
      ({ main, translation }) => !isBlank(event[main]) && isBlank(event[translation]),
    ).map(({ main }) => main),
  );
  if (event.schedule.some((row) => row.activity && !row.activityTranslation)) missing.add("schedule");
  if (event.faqs.some((row) => row.question && !(row.questionTranslation && row.answerTranslation)))
    missing.add("faqs");
  if (
    event.rowerQuestions.some(
      (question) => !question.labelTranslation || question.options.some((option) => !option.labelTranslation),
    )
  )
    missing.add("rowerQuestions");
  if (event.image && !event.image.altTranslation) missing.add("image");
  return EDITABLE_FIELDS.filter((field) => missing.has(field)).map((field) => fieldLabel(field));
}
