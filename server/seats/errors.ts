import { m } from "~/paraglide/messages";
import { AppError, notFound } from "#server/errors";

/** Every link that does not open a seat answers the same: unknown, old, cancelled or ended. */
export const seatLinkNotFound = () => notFound(m.err_seat_link_not_found());

/** The event has no declaration yet, so there is nothing to accept. */
export const noDeclaration = () => new AppError("invalid_transition", m.err_event_no_declaration());

/** A seat id that is not on this booking's roster (or no seat id at all). */
export const seatNotFound = () => notFound(m.err_seat_not_found());

/** A seat without an address has no link to send. */
export const seatWithoutAddress = () => new AppError("invalid_transition", m.err_seat_no_address());

/** Links go out only while the place is confirmed and the event has not ended. */
export const seatLinksClosed = () => new AppError("invalid_transition", m.err_seat_links_closed());
