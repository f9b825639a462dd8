import { and, eq, ne } from "drizzle-orm";
import { eventSchema } from "~/lib/forms/event-schema";
import { sanitizeRichText } from "#server/content/sanitize";
import type { Database } from "#server/db/client";
import { events, type EventRevisionValues, type ImageRef } from "#server/db/schema";
import { invalidField, isAppError, parseInput } from "#server/errors";
import { attachImages, type SubmittedImage } from "#server/images/attach-images";

export type EventRow = typeof events.$inferSelect;

/**
 * The fields a published event changes only through review: what a booker decided on
 * (title, dates, place, price, capacity, description, cover and terms). The schedule and
 * the FAQs change at once, so fixing a typo never takes an event offline. The slug is
 * fixed once an event has been public, so links and bookings keep working.
 */
const REVIEWED_FIELDS = [
  "title",
  "type",
  "isNetworking",
  "startsAt",
  "endsAt",
  "registrationDeadline",
  "location",
  "locationDetails",
  "priceMinor",
  "currency",
  "maxTeams",
  "teamSize",
  "description",
  "detailedDescriptionHtml",
  "image",
  "cancellationTerms",
] as const satisfies readonly (keyof EventRevisionValues)[];

export type ReviewedField = (typeof REVIEWED_FIELDS)[number];

/**
 * The columns the editor writes, as stored. The teams-per-account cap, like the schedule,
 * changes at once: it is the organiser's own booking rule, and a booker who reached it
 * is told to ask the organiser, who must be able to raise it without waiting for review.
 */
export type EventValues = Pick<EventRow, ReviewedField | "slug" | "schedule" | "faqs" | "maxTeamsPerAccount">;

/**
 * The editor's form as the columns store it: checked with the form's schema, and the
 * description sanitized, so no path stores or shows HTML as typed. The cover comes back
 * as submitted; `trustedCover` turns it into a ref the server built.
 */
export function readEventInput(
  input: unknown,
): Omit<EventValues, "image"> & { image: SubmittedImage | null } {
  const { price, detailedDescriptionHtml, ...values } = parseInput(eventSchema, input);
  return { ...values, priceMinor: price, detailedDescriptionHtml: sanitizeRichText(detailedDescriptionHtml) };
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
      throw invalidField("image", "This image is no longer available. Please choose it again.");
    }
    throw error;
  }
}

/** An event's reviewed fields as a revision stores them (dates as ISO text, for jsonb). */
export function revisionValuesOf(values: Pick<EventRow, ReviewedField>): EventRevisionValues {
  return {
    title: values.title,
    type: values.type,
    isNetworking: values.isNetworking,
    startsAt: values.startsAt.toISOString(),
    endsAt: values.endsAt.toISOString(),
    registrationDeadline: values.registrationDeadline.toISOString(),
    location: values.location,
    locationDetails: values.locationDetails,
    priceMinor: values.priceMinor,
    currency: values.currency,
    maxTeams: values.maxTeams,
    teamSize: values.teamSize,
    description: values.description,
    detailedDescriptionHtml: values.detailedDescriptionHtml,
    image: values.image,
    cancellationTerms: values.cancellationTerms,
  };
}

/** A revision's values as the event's columns. */
export function columnsOfRevision(values: EventRevisionValues): Pick<EventRow, ReviewedField> {
  return {
    ...values,
    startsAt: new Date(values.startsAt),
    endsAt: new Date(values.endsAt),
    registrationDeadline: new Date(values.registrationDeadline),
  };
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
  const current = revisionValuesOf(published);
  return REVIEWED_FIELDS.flatMap((field) =>
    stableJson(current[field]) === stableJson(proposed[field])
      ? []
      : [{ field, before: current[field], after: proposed[field] }],
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

export const slugTaken = () =>
  invalidField("slug", "Another event already uses this address. Please choose another.");

/** Whether a failed insert or update broke the unique slug index (a race between two saves). */
export function isSlugConflict(error: unknown): boolean {
  const text = String((error as { cause?: unknown })?.cause ?? error);
  return text.includes("events_slug_key");
}
