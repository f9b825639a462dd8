import { formatInstant } from "~/lib/dates";
import { formatMoneyExact } from "~/lib/money";
import { m } from "~/paraglide/messages";
import type { payments } from "#server/db/schema";
import type { MailDraft } from "#server/email/templates";
import { why } from "#server/email/reasons";
import { bookingPath } from "~/lib/paths";
import { type Booking, bookingDetails, inBookingLanguage, myBookings } from "#server/registrations/emails";

type MailContext = { baseUrl: string };
type PaymentRow = typeof payments.$inferSelect;

/** The booker's hold ended without a payment: the places went back, nothing was booked. */
export function holdEndedMail(booking: Booking, { baseUrl }: MailContext): MailDraft {
  const { registration } = booking;
  return inBookingLanguage(booking, (event) => {
    const names = { teamName: registration.teamName, eventTitle: event.title };
    return {
      to: booking.bookerEmail,
      subject: m.mail_hold_ended_subject({ ...names, reference: registration.reference }),
      content: {
        reason: why.booking(names.teamName, names.eventTitle),
        heading: m.mail_hold_ended_heading(),
        paragraphs: [m.mail_hold_ended_lead(names), m.mail_hold_ended_again()],
        details: bookingDetails(registration, event, booking.vatStatus),
        action: myBookings(baseUrl),
      },
    };
  });
}

/** A team moved up from the waitlist that chose to pay online: pay within the hold to keep the place. */
export function payForPlaceMail(booking: Booking, { baseUrl }: MailContext): MailDraft {
  const { registration } = booking;
  return inBookingLanguage(booking, (event) => {
    const names = { teamName: registration.teamName, eventTitle: event.title };
    return {
      to: booking.bookerEmail,
      subject: m.mail_pay_for_place_subject({ ...names, reference: registration.reference }),
      content: {
        reason: why.booking(names.teamName, names.eventTitle),
        heading: m.mail_pay_for_place_heading(),
        paragraphs: [
          m.mail_pay_for_place_lead({
            ...names,
            until: registration.heldUntil ? formatInstant(registration.heldUntil, registration.language) : "",
          }),
        ],
        details: bookingDetails(registration, event, booking.vatStatus),
        action: { label: m.mail_action_pay_now(), url: `${baseUrl}${bookingPath(registration.id)}` },
      },
    };
  });
}

/** The money came after the places were gone: all of it is on its way back. */
export function latePaymentMail(booking: Booking, payment: PaymentRow, { baseUrl }: MailContext): MailDraft {
  const { registration } = booking;
  return inBookingLanguage(booking, (event) => {
    const names = { teamName: registration.teamName, eventTitle: event.title };
    return {
      to: booking.bookerEmail,
      subject: m.mail_late_payment_subject({ ...names, reference: registration.reference }),
      content: {
        reason: why.booking(names.teamName, names.eventTitle),
        heading: m.mail_late_payment_heading(),
        paragraphs: [
          m.mail_late_payment_lead({
            ...names,
            amount: formatMoneyExact(payment.amountMinor, payment.currency, registration.language),
          }),
        ],
        details: bookingDetails(registration, event, booking.vatStatus),
        action: myBookings(baseUrl),
      },
    };
  });
}

/** A refund the provider made: how much, and where it goes. */
export function refundMadeMail(booking: Booking, amountMinor: number, { baseUrl }: MailContext): MailDraft {
  const { registration } = booking;
  return inBookingLanguage(booking, (event) => {
    const names = { teamName: registration.teamName, eventTitle: event.title };
    return {
      to: booking.bookerEmail,
      subject: m.mail_refund_made_subject({ ...names, reference: registration.reference }),
      content: {
        reason: why.booking(names.teamName, names.eventTitle),
        heading: m.mail_refund_made_heading(),
        paragraphs: [
          m.mail_refund_made_lead({
            ...names,
            amount: formatMoneyExact(amountMinor, "DKK", registration.language),
          }),
        ],
        details: bookingDetails(registration, event, booking.vatStatus),
        action: myBookings(baseUrl),
      },
    };
  });
}
