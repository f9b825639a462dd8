import { AppError } from "#server/errors";

/** What closed the door, for pages that word their banner themselves (`AppError.reason`). */
export type ClosedReason = "cancelled" | "ended" | "started" | "deadline" | "registration_cancelled";

/** A registration's status or its event's dates no longer allow this step. */
export const closed = (message: string, reason: ClosedReason) =>
  new AppError("invalid_transition", message, { reason });

export const registrationNotFound = () => new AppError("not_found", "We could not find that registration.");
export const eventNotFound = () =>
  new AppError("not_found", "This event does not exist or is not open for registration.");

/**
 * A registration's event is read before its lock is taken; a move committed in between
 * leaves the team at another event, whose lock this command does not hold.
 */
export const movedMeanwhile = () =>
  new AppError("conflict", "This team was moved meanwhile. Please reload the page to see where it is now.");
