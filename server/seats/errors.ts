import { m } from "~/paraglide/messages";
import { AppError, notFound } from "#server/errors";

/** Every link that does not open a seat answers the same: unknown, old, cancelled or ended. */
export const seatLinkNotFound = () => notFound(m.err_seat_link_not_found());

/** The event has no declaration yet, so there is nothing to accept. */
export const noDeclaration = () => new AppError("invalid_transition", m.err_event_no_declaration());
