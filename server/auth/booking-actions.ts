/**
 * What the person who booked a team may do with that booking now: the one home of a
 * booking's state rules. My Bookings reads `bookingActions` to offer "Edit" and
 * "Cancel"; the commands call `assertBookingAction` with the same facts and refuse with
 * the same words.
 */
import { cancelClosedByStart, changesClosed } from "~/lib/words/cancellation";
import type { events, teamRegistrations } from "#server/db/schema";
import { closed, forbidden, type AppError } from "#server/errors";
import type { Actor } from "./actor";
import { canChangeBooking } from "./policies";

type BookingFacts = Pick<typeof teamRegistrations.$inferSelect, "userId" | "status">;
type BookingEventFacts = Pick<
  typeof events.$inferSelect,
  "status" | "startsAt" | "endsAt" | "registrationDeadline"
>;

export type BookingAction = "edit" | "cancel";

type EditClosed = Parameters<typeof changesClosed>[0];

export type BookingActions = Record<BookingAction, boolean> & {
  /** Why the details can no longer be changed, if they cannot. */
  editClosed: EditClosed | null;
};

/** Why the booking's details can no longer change: its own status first, then its event's. */
function editClosedBy(booking: BookingFacts, event: BookingEventFacts, now: Date): EditClosed | null {
  if (booking.status === "cancelled") return "registration_cancelled";
  if (event.status === "cancelled") return "cancelled";
  return event.registrationDeadline <= now ? "deadline" : null;
}

function refusalOf(
  action: BookingAction,
  actor: Actor,
  booking: BookingFacts,
  event: BookingEventFacts,
  now: Date,
): AppError | null {
  if (!canChangeBooking(actor, booking)) return forbidden();
  const editClosed = editClosedBy(booking, event, now);
  if (action === "edit") {
    return editClosed && closed(changesClosed(editClosed, event.registrationDeadline), editClosed);
  }
  if (booking.status === "cancelled") {
    return closed(
      changesClosed("registration_cancelled", event.registrationDeadline),
      "registration_cancelled",
    );
  }
  // A booking may be cancelled after the deadline, until the event starts.
  if (event.startsAt <= now) {
    return closed(cancelClosedByStart("booker"), event.endsAt <= now ? "ended" : "started");
  }
  return null;
}

export function bookingActions(
  actor: Actor,
  booking: BookingFacts,
  event: BookingEventFacts,
  now: Date,
): BookingActions {
  const edit = refusalOf("edit", actor, booking, event, now) === null;
  return {
    edit,
    cancel: refusalOf("cancel", actor, booking, event, now) === null,
    editClosed: edit ? null : editClosedBy(booking, event, now),
  };
}

/** The command's check: refuses with the same answer the page's button was hidden for. */
export function assertBookingAction(
  action: BookingAction,
  actor: Actor,
  booking: BookingFacts,
  event: BookingEventFacts,
  now: Date,
): void {
  const refusal = refusalOf(action, actor, booking, event, now);
  if (refusal) throw refusal;
}
