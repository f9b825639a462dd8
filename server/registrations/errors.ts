import { AppError } from "#server/errors";

/** What closed the door, for pages that word their banner themselves (`AppError.reason`). */
export type ClosedReason = "cancelled" | "ended" | "started" | "deadline" | "registration_cancelled";

/** A registration's status or its event's dates no longer allow this step. */
export const closed = (message: string, reason: ClosedReason) =>
  new AppError("invalid_transition", message, { reason });

export const registrationNotFound = () => new AppError("not_found", "We could not find that registration.");
export const eventNotFound = () =>
  new AppError("not_found", "This event does not exist or is not open for registration.");
