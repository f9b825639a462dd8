import { formatInstant } from "~/lib/dates";
import { m } from "~/paraglide/messages";
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
    ? `${spotAfterCancelling(status, "Your")} ${m.registration_cannot_undo()}`
    : `${spotAfterCancelling(status, "The")} ${m.registration_captain_booker_emailed()} ${m.registration_cannot_undo()}`;
}

/** Why a team can no longer be cancelled once its event has started. */
export const cancelClosedByStart = (by: CancelledBy): string =>
  by === "booker" ? m.registration_cancel_closed_booker() : m.registration_cancel_closed_organiser();

/** Why a booking's details can no longer be changed. */
export function changesClosed(
  reason: "registration_cancelled" | "cancelled" | "deadline",
  deadline: Date,
): string {
  if (reason === "registration_cancelled") return m.registration_changes_closed_registration_cancelled();
  if (reason === "cancelled") return m.registration_changes_closed_event_cancelled();
  return m.registration_changes_closed_deadline({ deadline: formatInstant(deadline) });
}
