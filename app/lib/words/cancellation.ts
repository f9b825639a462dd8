import { formatInstant } from "~/lib/dates";
import { spotAfterCancelling } from "./waitlist";

/**
 * The cancellation rule in words: the person who booked may change their team until the
 * registration deadline and cancel it until the event starts; whoever runs the event may
 * cancel a team too, and the captain and the booker are emailed. Pages, refusals and
 * confirmations say it with these functions.
 */

/** Who cancels: the person who booked, or whoever runs the event. */
type CancelledBy = "booker" | "organiser";

/** What cancelling a team does, as the question before it says it. */
export function cancelConsequence(
  status: Parameters<typeof spotAfterCancelling>[0],
  by: CancelledBy,
): string {
  return by === "booker"
    ? `${spotAfterCancelling(status, "Your")} This cannot be undone.`
    : `${spotAfterCancelling(status, "The")} The captain and the booker are emailed. This cannot be undone.`;
}

/** Why a team can no longer be cancelled once its event has started. */
export const cancelClosedByStart = (by: CancelledBy): string =>
  by === "booker"
    ? "This event has already started, so the booking can no longer be cancelled."
    : "This event has already started, so the team can no longer be cancelled.";

/** Why a booking's details can no longer be changed. */
export function changesClosed(
  reason: "registration_cancelled" | "cancelled" | "deadline",
  deadline: Date,
): string {
  if (reason === "registration_cancelled")
    return "This registration has been cancelled, so it can no longer be changed.";
  if (reason === "cancelled")
    return "This event has been cancelled, so its bookings can no longer be changed.";
  return `Changes closed with the registration deadline on ${formatInstant(deadline)}.`;
}
