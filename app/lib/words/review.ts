import type { ReviewKind } from "#server/auth/event-actions";
import { m } from "~/paraglide/messages";

/**
 * The review rule in words: a new event, and a change to a published event's reviewed
 * fields, wait for an admin's approval; until then the published version stays public.
 * Pages, toasts and mails say it with these functions only.
 */

/** The button that sends the event, or its saved change, to review. */
export const submitLabel = (kind: ReviewKind): string =>
  kind === "change" ? m.events_review_submit_changes() : m.events_review_submit();

/** What the public sees while a published event's change waits for review. */
export const publishedStaysPublic = (): string => m.events_review_published_stays_public();
