/** My Bookings and the pages of one booking. */
export const BOOKINGS_PATH = "/dashboard/bookings";

export const bookingPath = (id: string) => `${BOOKINGS_PATH}/${id}`;

/** The booking page opened at its "Are you sure?" step (a link, so it works without JavaScript). */
export const cancelBookingPath = (id: string) => `${bookingPath(id)}?cancel=1`;

export const bookingCalendarPath = (id: string) => `${bookingPath(id)}/calendar.ics`;
