/** My Bookings and the pages of one booking. */
export const BOOKINGS_PATH = "/dashboard/bookings";

/** The list after a cancellation; the flag in the query is what shows the notice. */
export const BOOKING_CANCELLED_PATH = `${BOOKINGS_PATH}?cancelled=1`;

export const bookingPath = (id: string) => `${BOOKINGS_PATH}/${id}`;

/** The booking page opened at its "Are you sure?" step (a link, so it works without JavaScript). */
export const cancelBookingPath = (id: string) => `${bookingPath(id)}?cancel=1`;

export const bookingCalendarPath = (id: string) => `${bookingPath(id)}/calendar.ics`;

export const BOOKING_SAVED = "Your booking has been saved.";
export const BOOKING_CANCELLED =
  "Your booking has been cancelled. If the team held a spot, it has gone to the waitlist.";
