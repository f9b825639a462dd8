import type { FormMetadata } from "@conform-to/react";
import type { ImageRef } from "#server/db/schema";
import type { EventRow } from "#server/events/event-values";
import { copenhagenInputValue } from "~/lib/dates";
import type { EventType } from "~/lib/event-types";
import { DEFAULT_TEAMS_PER_ACCOUNT, EVENT_CURRENCIES, type EventCurrency } from "~/lib/forms/event-schema";

/** An image as the upload field sends it: an upload's id or a sample image's address, and alt text. */
type SubmittedImage = { imageId?: string; src?: string; alt: string };

/**
 * The editor's fields as the form holds them (`eventSchema`'s input): text everywhere,
 * dates as `datetime-local` values in Copenhagen time, the checkbox as "on", lists as lists.
 */
export type EventFormValues = {
  title: string;
  slug: string;
  type: EventType | "";
  isNetworking: "on" | "";
  startsAt: string;
  endsAt: string;
  registrationDeadline: string;
  location: string;
  locationDetails: string;
  price: string;
  currency: EventCurrency | "";
  maxTeams: string;
  maxTeamsPerAccount: string;
  teamSize: string;
  description: string;
  detailedDescriptionHtml: string;
  schedule: { time: string; activity: string }[];
  faqs: { question: string; answer: string }[];
  image: SubmittedImage | null;
  cancellationTerms: string;
};

/** The stored event columns the form is filled from (an event with its pending change applied). */
type EventSource = Pick<
  EventRow,
  | "title"
  | "slug"
  | "type"
  | "isNetworking"
  | "startsAt"
  | "endsAt"
  | "registrationDeadline"
  | "location"
  | "locationDetails"
  | "priceMinor"
  | "currency"
  | "maxTeams"
  | "maxTeamsPerAccount"
  | "teamSize"
  | "description"
  | "detailedDescriptionHtml"
  | "schedule"
  | "faqs"
  | "image"
  | "cancellationTerms"
>;

const submitted = (ref: ImageRef): SubmittedImage =>
  ref.imageId ? { imageId: ref.imageId, alt: ref.alt } : { src: ref.src, alt: ref.alt };

/** A price in minor units as typed: "2500", or "2500.50" when there are øre or pence. */
export function priceInputValue(priceMinor: number): string {
  return priceMinor % 100 === 0 ? String(priceMinor / 100) : (priceMinor / 100).toFixed(2);
}

const isCurrency = (value: string): value is EventCurrency =>
  (EVENT_CURRENCIES as readonly string[]).includes(value);

/** A stored event as the editor starts from it. */
export function eventFormValues(event: EventSource): EventFormValues {
  return {
    title: event.title,
    slug: event.slug,
    type: event.type,
    isNetworking: event.isNetworking ? "on" : "",
    startsAt: copenhagenInputValue(event.startsAt),
    endsAt: copenhagenInputValue(event.endsAt),
    registrationDeadline: copenhagenInputValue(event.registrationDeadline),
    location: event.location,
    locationDetails: event.locationDetails,
    price: priceInputValue(event.priceMinor),
    currency: isCurrency(event.currency) ? event.currency : "",
    maxTeams: String(event.maxTeams),
    maxTeamsPerAccount: String(event.maxTeamsPerAccount),
    teamSize: String(event.teamSize),
    description: event.description,
    detailedDescriptionHtml: event.detailedDescriptionHtml,
    schedule: event.schedule.map(({ time, activity }) => ({ time, activity })),
    faqs: event.faqs.map(({ question, answer }) => ({ question, answer })),
    image: event.image ? submitted(event.image) : null,
    cancellationTerms: event.cancellationTerms ?? "",
  };
}

/**
 * A copy of an event for a new one: everything but its dates, which the partner sets
 * afresh, and its address, which must be another (`slug`, a free variant).
 */
export function duplicateFormValues(event: EventSource, slug: string): EventFormValues {
  return { ...eventFormValues(event), slug, startsAt: "", endsAt: "", registrationDeadline: "" };
}

/** A new event's empty form, with the usual currency, team size and teams per account filled in. */
export function blankEventFormValues(): EventFormValues {
  return {
    title: "",
    slug: "",
    type: "",
    isNetworking: "",
    startsAt: "",
    endsAt: "",
    registrationDeadline: "",
    location: "",
    locationDetails: "",
    price: "",
    currency: "DKK",
    maxTeams: "",
    maxTeamsPerAccount: String(DEFAULT_TEAMS_PER_ACCOUNT),
    teamSize: "9",
    description: "",
    detailedDescriptionHtml: "",
    schedule: [],
    faqs: [],
    image: null,
    cancellationTerms: "",
  };
}

/** The event editor's form, as its list fields see it. */
export type EventForm = FormMetadata<EventFormValues, string[]>;
