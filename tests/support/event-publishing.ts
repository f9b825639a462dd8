import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { copenhagenInputValue } from "~/lib/dates";
import type { Actor } from "#server/auth/actor";
import type { Database } from "#server/db/client";
import { eventRevisions, events, partnerMembers, profiles, users } from "#server/db/schema";
import { isAppError, type AppError } from "#server/errors";

export const MINUTE = 60 * 1000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** The event editor's fields as the form posts them (eventSchema's input). */
export type EventFormInput = {
  title: string;
  slug: string;
  type: string;
  isNetworking: string;
  startsAt: string;
  endsAt: string;
  registrationDeadline: string;
  location: string;
  locationDetails: string;
  meetingPoint: string;
  price: string;
  currency: string;
  maxTeams: string;
  maxTeamsPerAccount: string;
  teamSize: string;
  description: string;
  detailedDescriptionHtml: string;
  schedule: { time: string; activity: string; activityTranslation?: string }[];
  faqs: { question: string; answer: string; questionTranslation?: string; answerTranslation?: string }[];
  image: { imageId?: string; src?: string; alt: string; altTranslation?: string } | null;
  cancellationTerms: string;
  /** The refund windows as typed; an emptied list posts nothing, which means no refund. */
  refundPolicy: { daysBefore: string; percent: string }[];
  /** "invoice", "online" or "both"; left out, the event keeps its own (a new one: invoice). */
  paymentMethods?: string;
  /** "not_allowed" or "with_rule" and the rule; left out, the event keeps its own (a new one: DFfR's). */
  nonSwimmers?: string;
  nonSwimmerRule?: string;
  nonSwimmerRuleTranslation?: string;
  /** The language the texts are in, and each text in the other one (ADR 034); left out, as older forms did. */
  language?: string;
  titleTranslation?: string;
  descriptionTranslation?: string;
  detailedDescriptionHtmlTranslation?: string;
  locationTranslation?: string;
  locationDetailsTranslation?: string;
  meetingPointTranslation?: string;
  cancellationTermsTranslation?: string;
  /** The backup date's two ends (ADR 038); left out, as older forms did, the event has none. */
  backupStartsAt?: string;
  backupEndsAt?: string;
};

let sequence = 0;

/**
 * A valid editor form for a new event `startsIn` from now (30 days unless told): 8 hours
 * long, registration open until a day before, a slug of its own on every call.
 */
export function eventForm(
  overrides: Partial<EventFormInput> = {},
  { startsIn = 30 * DAY }: { startsIn?: number } = {},
): EventFormInput {
  sequence += 1;
  const startsAt = new Date(Date.now() + startsIn);
  return {
    title: `Fjord Regatta ${sequence}`,
    slug: `fjord-regatta-${sequence}-${randomUUID().slice(0, 8)}`,
    type: "traditional_rowing",
    isNetworking: "",
    startsAt: copenhagenInputValue(startsAt),
    endsAt: copenhagenInputValue(new Date(startsAt.getTime() + 8 * HOUR)),
    registrationDeadline: copenhagenInputValue(new Date(startsAt.getTime() - DAY)),
    location: "Copenhagen",
    locationDetails: "Islands Brygge, the blue boathouse",
    meetingPoint: "",
    price: "2500",
    currency: "DKK",
    maxTeams: "3",
    maxTeamsPerAccount: "5",
    teamSize: "9",
    description: "Eight-person boats on the harbour, for colleagues",
    detailedDescriptionHtml: "<p>A day on the water with coaches.</p>",
    schedule: [{ time: "09:00", activity: "Welcome and coffee" }],
    faqs: [{ question: "Do we need experience?", answer: "No, coaches teach every team." }],
    image: null,
    cancellationTerms: "",
    refundPolicy: [
      { daysBefore: "30", percent: "100" },
      { daysBefore: "8", percent: "50" },
    ],
    ...overrides,
  };
}

/** The form as a browser without JavaScript posts it: flat fields, Conform's list names. */
export function flatEventForm(form: EventFormInput): Record<string, string> {
  const { schedule, faqs, image, refundPolicy, ...fields } = form;
  const flat: Record<string, string> = Object.fromEntries(
    Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  const rows = (list: string, items: readonly Record<string, string | undefined>[]) =>
    items.forEach((row, index) => {
      for (const [key, value] of Object.entries(row)) {
        if (value !== undefined) flat[`${list}[${index}].${key}`] = value;
      }
    });
  rows("schedule", schedule);
  rows("faqs", faqs);
  rows("refundPolicy", refundPolicy);
  if (image?.imageId) flat["image.imageId"] = image.imageId;
  if (image?.src) flat["image.src"] = image.src;
  if (image) flat["image.alt"] = image.alt;
  if (image?.altTranslation) flat["image.altTranslation"] = image.altTranslation;
  return flat;
}

export type Person = { id: string; email: string };

/**
 * A person stored directly (no password, no session): for commands called in tests,
 * which take an Actor. Verified unless told otherwise.
 */
export async function createPerson(
  db: Database,
  {
    role = "user",
    verified = true,
    partnerId,
    label = role,
  }: { role?: "user" | "partner" | "admin"; verified?: boolean; partnerId?: string; label?: string } = {},
): Promise<Person> {
  const id = `events-${label}-${randomUUID()}`;
  const email = `${id}@publishing.example`;
  await db.insert(users).values({ id, name: `Test ${label}`, email, emailVerified: verified });
  await db.insert(profiles).values({ userId: id, firstName: "Test", lastName: label, role });
  if (partnerId) await db.insert(partnerMembers).values({ partnerId, userId: id });
  return { id, email };
}

export const partnerActor = (person: Person, partnerId: string): Actor => ({
  userId: person.id,
  role: "partner",
  partnerIds: [partnerId],
});

export const adminActor = (person: Person): Actor => ({ userId: person.id, role: "admin", partnerIds: [] });

export const plainActor = (person: Person): Actor => ({ userId: person.id, role: "user", partnerIds: [] });

/** The refusal a command ends with; anything else (success, or a crash) fails the test. */
export async function refusalOf(work: Promise<unknown>): Promise<AppError> {
  try {
    await work;
  } catch (error) {
    if (isAppError(error)) return error;
    throw error;
  }
  throw new Error("The command was expected to refuse, but it succeeded.");
}

/** The whole event row, as stored now. */
export async function eventRow(db: Database, eventId: string) {
  const [row] = await db.select().from(events).where(eq(events.id, eventId));
  return row ?? null;
}

/** The event's pending revision, if any. */
export async function revisionRow(db: Database, eventId: string) {
  const [row] = await db.select().from(eventRevisions).where(eq(eventRevisions.eventId, eventId));
  return row ?? null;
}
