import type { Actor } from "#server/auth/actor";
import { canReviewEvents } from "#server/auth/policies";
import type { EventRow } from "#server/db/rows";
import { AppError, forbidden } from "#server/errors";
import { m } from "~/paraglide/messages";

/** Review decisions are the marketplace's: a partner never approves their own event. */
export function assertReviewer(actor: Actor): void {
  if (!canReviewEvents(actor)) throw forbidden(m.err_admins_review_only());
}

/** The version the admin's page showed must still be the event's, or they look again first. */
export function assertSameVersion(event: Pick<EventRow, "version">, version: string): void {
  if (String(event.version) !== version) {
    throw new AppError("conflict", m.err_event_changed_since_opened(), { reason: "stale" });
  }
}
