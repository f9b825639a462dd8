import type { Actor } from "#server/auth/actor";
import { canReviewEvents } from "#server/auth/policies";
import type { EventRow } from "#server/db/rows";
import { AppError, forbidden } from "#server/errors";

/** Review decisions are the marketplace's: a partner never approves their own event. */
export function assertReviewer(actor: Actor): void {
  if (!canReviewEvents(actor)) throw forbidden("Only RCL admins review events.");
}

/** The version the admin's page showed must still be the event's, or they look again first. */
export function assertSameVersion(event: Pick<EventRow, "version">, version: string): void {
  if (String(event.version) !== version) {
    throw new AppError(
      "conflict",
      "This event changed after you opened it. Please look at it again before you decide.",
      { reason: "stale" },
    );
  }
}
