import type { ReviewKind } from "#server/auth/event-actions";

/**
 * The review rule in words: a new event, and a change to a published event's reviewed
 * fields, wait for an admin's approval; until then the published version stays public.
 * Pages, toasts and mails say it with these functions only.
 */

/** The button that sends the event, or its saved change, to review. */
export const submitLabel = (kind: ReviewKind): string =>
  kind === "change" ? "Submit changes for review" : "Submit for review";

/** What the public sees while a published event's change waits for review. */
export const publishedStaysPublic = (): string =>
  "The published version stays public until the changes are approved.";
