import { eq, inArray } from "drizzle-orm";
import { formatDate, formatInstant, formatTimeRange } from "~/lib/dates";
import { localizedPath, type Locale } from "~/lib/i18n/locale";
import type { VatStatus } from "~/lib/billing/moms";
import { priceWithMoms } from "~/lib/billing/price-with-moms";
import { onTheWaitlist } from "~/lib/words/waitlist";
import { refundPolicyLines } from "~/lib/words/refund-policy";
import { m } from "~/paraglide/messages";
import { getLocale } from "~/paraglide/runtime";
import { scheduleIn, textsIn } from "~/lib/content-language";
import type { EventRow, TeamRegistration, Transaction } from "#server/db/rows";
import { partnerBillingProfiles, partners, users } from "#server/db/schema";
import { calendarEventOf, eventCalendar, type CalendarFields } from "#server/ics/calendar-file";
import type { Mail } from "#server/email/mailer";
import { partnerMemberRecipients, type Recipient } from "#server/email/recipients";
import { mailIn, type MailDraft } from "#server/email/templates";
import { hasTeamCode } from "#server/qr/team-code";
import { codeInMail } from "#server/qr/code-in-mail";
import { formatAddress, formatPostalAddress } from "~/lib/address";
import { why } from "#server/email/reasons";
import { payForPlaceMail } from "#server/online-payments/emails";

type Attachment = NonNullable<Mail["attachments"]>[number];

/**
 * The event as a calendar file; the same file for the emails and a download from My
 * Bookings. With a booking, its reference is in the description, and the file is in the
 * booking's language (`locale`; the current one when not given).
 */
export function eventCalendarAttachment(
  event: CalendarFields,
  organizerName: string,
  baseUrl: string,
  bookingReference?: string,
  locale: Locale = getLocale(),
): Attachment {
  return {
    filename: `${event.slug}.ics`,
    contentType: "text/calendar; charset=utf-8; method=PUBLISH",
    content: eventCalendar(calendarEventOf(event, organizerName, baseUrl, bookingReference, locale)),
  };
}

const STATUS_LABELS: Record<TeamRegistration["status"], () => string> = {
  confirmed: m.mail_booking_status_confirmed,
  waitlisted: m.mail_booking_status_waitlisted,
  cancelled: m.mail_booking_status_cancelled,
  held: m.mail_booking_status_held,
};

const when = (event: EventRow) =>
  `${formatDate(event.startsAt)}, ${formatTimeRange(event.startsAt, event.endsAt)}`;

export function bookingDetails(
  registration: TeamRegistration,
  event: EventRow,
  vatStatus: VatStatus | null,
): [string, string][] {
  const roster = registration.roster;
  const details: [string, string | null][] = [
    [m.mail_label_booking_reference(), registration.reference],
    [m.mail_label_event(), event.title],
    [m.mail_label_date(), when(event)],
    [m.mail_label_location(), formatAddress(event)],
    [m.mail_label_status(), STATUS_LABELS[registration.status]()],
    [m.mail_label_team(), registration.teamName],
    [m.mail_label_company(), registration.company],
    [
      m.mail_label_captain(),
      [registration.captainName, registration.captainEmail, registration.captainPhone]
        .filter(Boolean)
        .join("\n"),
    ],
    [
      m.mail_label_roster(),
      [
        m.mail_booking_roster_named({ named: roster.length, size: event.teamSize }),
        ...roster.map((member) => (member.email ? `${member.name} <${member.email}>` : member.name)),
      ].join("\n"),
    ],
    [m.mail_label_billing_company(), registration.billingCompany],
    [
      m.mail_label_invoice_address(),
      formatPostalAddress(
        registration.billingAddressLine,
        registration.billingPostalCode,
        registration.billingCity,
      ),
    ],
    [m.mail_label_cvr(), registration.cvr],
    [m.mail_label_ean(), registration.ean],
    [m.mail_label_po_reference(), registration.poReference],
    [m.mail_label_person_reference(), registration.personReference],
    [m.mail_label_billing_email(), registration.billingEmail],
    [m.mail_label_price_per_team(), priceWithMoms(event.priceMinor, event.currency, vatStatus).text],
    [m.mail_label_notes(), registration.notes],
  ];
  return details.filter((pair): pair is [string, string] => Boolean(pair[1]));
}

/** Everything a booking's mails are made from; read inside the transaction that changes it. */
export type Booking = {
  registration: TeamRegistration;
  event: EventRow;
  organizerName: string;
  /** The seller's moms status, null without a billing profile: the price is shown with it. */
  vatStatus: VatStatus | null;
  /** The account that booked; the captain may be someone else. */
  bookerEmail: string;
};

type MailContext = { baseUrl: string };

const captainOf = ({ registration, bookerEmail }: Booking) => registration.captainEmail ?? bookerEmail;
export const myBookings = (baseUrl: string) => ({
  label: m.mail_action_my_bookings(),
  url: `${baseUrl}/dashboard/bookings`,
});
const calendarFor = (booking: Booking, baseUrl: string) => [
  eventCalendarAttachment(
    booking.event,
    booking.organizerName,
    baseUrl,
    booking.registration.reference,
    booking.registration.language,
  ),
];
/**
 * A confirmed team's QR code (ADR 038) for the mails that confirm its place: the PNG as an
 * inline part, as the logo, since mail clients block remote images and many show no SVG.
 * Nothing for a team on the waitlist, holding an unpaid place or cancelled. Built in the
 * booking's language, for its text alternative and hint.
 */
function teamCode(registration: TeamRegistration): ReturnType<typeof codeInMail> {
  if (!hasTeamCode(registration)) return { content: {}, attachments: [] };
  const { reference } = registration;
  return codeInMail(reference, {
    cid: "team-code",
    alt: m.mail_team_code_alt({ reference }),
    hint: m.mail_team_code_hint({ reference }),
  });
}

/**
 * The mails to a team's captain and booker are in the language the booking was made in,
 * the partner's texts too where translated (ADR 034): `build` gets the event in it.
 */
export const inBookingLanguage = (booking: Booking, build: (event: EventRow) => Omit<MailDraft, "locale">) =>
  mailIn(booking.registration.language, () => build(textsIn(booking.event, booking.registration.language)));
const organiser = (booking: Booking) => booking.organizerName || m.mail_booking_organiser_fallback();

/** The confirmation (or waitlist notice) to the person who booked, with the event's .ics. */
export function confirmationMail(
  booking: Booking,
  { baseUrl }: MailContext,
  /** Whether the mail will carry the place's invoice (`Mail.documents`, set when it is issued). */
  invoiced = false,
): MailDraft {
  const { registration, bookerEmail } = booking;
  const waitlisted = registration.status === "waitlisted";
  return inBookingLanguage(booking, (event) => {
    const teamName = registration.teamName;
    const eventTitle = event.title;
    const reference = registration.reference;
    // On the waitlist: in the words of every page that explains it, here in the booking's language.
    const paragraphs: string[] = waitlisted
      ? onTheWaitlist(eventTitle, teamName)
      : [
          m.mail_booking_registered_lead({
            teamName,
            eventTitle,
            billingEmail: registration.billingEmail ?? m.mail_booking_billing_fallback(),
          }),
        ];
    if (invoiced) paragraphs.push(m.mail_booking_invoice_attached());
    paragraphs.push(m.mail_booking_edit_until({ deadline: formatInstant(event.registrationDeadline) }));
    const code = teamCode(registration);
    return {
      to: bookerEmail,
      subject: waitlisted
        ? m.mail_booking_waitlisted_subject({ eventTitle, reference })
        : m.mail_booking_confirmed_subject({ eventTitle, reference }),
      content: {
        reason: why.booking(teamName, eventTitle),
        heading: waitlisted ? m.mail_booking_waitlisted_heading() : m.mail_booking_confirmed_heading(),
        paragraphs,
        details: [
          ...bookingDetails(registration, event, booking.vatStatus),
          // The policy the booking was made under, which later changes to the event never touch.
          [
            m.mail_label_refund_policy(),
            refundPolicyLines(registration.refundPolicy ?? event.refundPolicy, event.startsAt).join("\n"),
          ],
        ],
        action: myBookings(baseUrl),
        ...code.content,
      },
      attachments: [...calendarFor(booking, baseUrl), ...code.attachments],
    };
  });
}

/** Until the deadline, a team confirmed late may still complete its roster; after it, nothing to add. */
const rosterStillOpen = (event: EventRow, now: Date) =>
  event.registrationDeadline > now
    ? [m.mail_booking_roster_still_open({ deadline: formatInstant(event.registrationDeadline) })]
    : [];

/** Tells a team that moved up from the waitlist; to its captain, else to whoever booked. */
function promotionMail(booking: Booking, { baseUrl }: MailContext, now: Date): MailDraft {
  const { registration } = booking;
  return inBookingLanguage(booking, (event) => {
    const names = { teamName: registration.teamName, eventTitle: event.title };
    const code = teamCode(registration);
    return {
      to: captainOf(booking),
      subject: m.mail_booking_promoted_subject({ ...names, reference: registration.reference }),
      content: {
        reason: why.booking(names.teamName, names.eventTitle),
        heading: m.mail_booking_promoted_heading(),
        paragraphs: [
          m.mail_booking_promoted_lead(names),
          // Cancellations, and so promotions, go on after the deadline, when the roster is fixed.
          ...rosterStillOpen(event, now),
        ],
        details: bookingDetails(registration, event, booking.vatStatus),
        action: myBookings(baseUrl),
        ...code.content,
      },
      attachments: [...calendarFor(booking, baseUrl), ...code.attachments],
    };
  });
}

/** Tells the captain (and the booker, when someone else) that the booking was cancelled. */
export function cancellationMails(booking: Booking, { baseUrl }: MailContext): MailDraft[] {
  const { registration } = booking;
  const recipients = [...new Set([captainOf(booking), booking.bookerEmail])];
  return recipients.map((to) =>
    inBookingLanguage(booking, (event) => {
      const names = { teamName: registration.teamName, eventTitle: event.title };
      return {
        to,
        subject: m.mail_booking_cancelled_subject({ ...names, reference: registration.reference }),
        content: {
          reason: why.booking(names.teamName, names.eventTitle),
          heading: m.mail_booking_cancelled_heading(),
          paragraphs: [
            m.mail_booking_cancelled_lead({ ...names, date: formatDate(event.startsAt) }),
            m.mail_booking_cancelled_unexpected(),
          ],
          details: bookingDetails(registration, event, booking.vatStatus),
          action: myBookings(baseUrl),
        },
      };
    }),
  );
}

/** The captain and, when someone else booked, the booker: the organiser's changes go to both. */
const captainAndBooker = (booking: Booking) =>
  [...new Set([captainOf(booking), booking.bookerEmail])].filter((address) => address !== "");

/** The organiser (a partner's member or an admin) cancelled the team; with their reason, when they gave one. */
export function organiserCancellationMails(
  booking: Booking,
  reason: string | null,
  { baseUrl }: MailContext,
): MailDraft[] {
  const { registration } = booking;
  return captainAndBooker(booking).map((to) =>
    inBookingLanguage(booking, (event) => {
      const names = { teamName: registration.teamName, eventTitle: event.title };
      return {
        to,
        subject: m.mail_booking_organiser_cancelled_subject({ ...names, reference: registration.reference }),
        content: {
          reason: why.booking(names.teamName, names.eventTitle),
          heading: m.mail_booking_organiser_cancelled_heading(),
          paragraphs: [
            m.mail_booking_organiser_cancelled_lead({
              ...names,
              organizer: organiser(booking),
              date: formatDate(event.startsAt),
            }),
            ...(reason ? [m.mail_booking_reason_given({ reason })] : []),
            m.mail_booking_questions(),
          ],
          details: bookingDetails(registration, event, booking.vatStatus),
          action: myBookings(baseUrl),
        },
      };
    }),
  );
}

/** The organiser took the team off the waitlist by hand; with the event's .ics. */
export function organiserConfirmationMails(
  booking: Booking,
  { baseUrl }: MailContext,
  now: Date,
): MailDraft[] {
  const { registration } = booking;
  return captainAndBooker(booking).map((to) =>
    inBookingLanguage(booking, (event) => {
      const names = { teamName: registration.teamName, eventTitle: event.title };
      const code = teamCode(registration);
      return {
        to,
        subject: m.mail_booking_organiser_confirmed_subject({ ...names, reference: registration.reference }),
        content: {
          reason: why.booking(names.teamName, names.eventTitle),
          heading: m.mail_booking_organiser_confirmed_heading(),
          paragraphs: [
            m.mail_booking_organiser_confirmed_lead({ ...names, organizer: organiser(booking) }),
            ...rosterStillOpen(event, now),
          ],
          details: bookingDetails(registration, event, booking.vatStatus),
          action: myBookings(baseUrl),
          ...code.content,
        },
        attachments: [...calendarFor(booking, baseUrl), ...code.attachments],
      };
    }),
  );
}

/** The organiser moved the team to another of its events; `booking` is at the new event, with its .ics. */
export function movedMails(booking: Booking, from: EventRow, { baseUrl }: MailContext): MailDraft[] {
  const { registration } = booking;
  const reference = registration.reference;
  const fromTitle = textsIn(from, registration.language).title;
  return captainAndBooker(booking).map((to) =>
    inBookingLanguage(booking, (event) => ({
      to,
      subject: m.mail_booking_moved_subject({
        eventTitle: event.title,
        date: formatDate(event.startsAt),
        reference,
      }),
      content: {
        reason: why.booking(registration.teamName, event.title),
        heading: m.mail_booking_moved_heading(),
        paragraphs: [
          m.mail_booking_moved_lead({
            organizer: organiser(booking),
            teamName: registration.teamName,
            fromTitle,
            fromDate: formatDate(from.startsAt),
            eventTitle: event.title,
            date: formatDate(event.startsAt),
          }),
          m.mail_booking_moved_reference({ reference }),
        ],
        details: bookingDetails(registration, event, booking.vatStatus),
        action: myBookings(baseUrl),
      },
      attachments: calendarFor(booking, baseUrl),
    })),
  );
}

export type PartnerNotice = "booked" | "waitlisted" | "cancelled" | "promoted";

const NOTICE_HEADINGS: Record<PartnerNotice, (inputs: { teamName: string }) => string> = {
  booked: m.mail_booking_notice_booked,
  waitlisted: m.mail_booking_notice_waitlisted,
  cancelled: m.mail_booking_notice_cancelled,
  promoted: m.mail_booking_notice_promoted,
};

/**
 * One mail per member of the organising partner, so no member sees the others'
 * addresses; each in that member's own language.
 */
export function partnerNoticeMails(
  notice: PartnerNotice,
  booking: Booking,
  members: Recipient[],
  { baseUrl }: MailContext,
): MailDraft[] {
  const { registration, event } = booking;
  return members.map(({ email: to, locale }) =>
    mailIn(locale, () => {
      const heading = NOTICE_HEADINGS[notice]({ teamName: registration.teamName });
      const facts = {
        company: registration.company,
        eventTitle: event.title,
        date: formatDate(event.startsAt),
      };
      return {
        to,
        subject: m.mail_booking_notice_subject({
          heading,
          eventTitle: event.title,
          reference: registration.reference,
        }),
        content: {
          reason: why.partnerMember(),
          heading,
          paragraphs: [
            notice === "cancelled"
              ? m.mail_booking_notice_cancelled_lead(facts)
              : m.mail_booking_notice_team_lead(facts),
          ],
          details: bookingDetails(registration, event, booking.vatStatus),
          action: { label: m.mail_action_partner_dashboard(), url: `${baseUrl}/dashboard/partner` },
        },
      };
    }),
  );
}

/** 7 days before: the roster is not full yet. */
export function rosterReminderMail(booking: Booking, { baseUrl }: MailContext): MailDraft {
  const { registration } = booking;
  const missing = booking.event.teamSize - registration.roster.length;
  return inBookingLanguage(booking, (event) => ({
    to: captainOf(booking),
    subject: m.mail_booking_roster_reminder_subject({
      count: missing,
      eventTitle: event.title,
      reference: registration.reference,
    }),
    content: {
      reason: why.booking(registration.teamName, event.title),
      heading: m.mail_booking_roster_reminder_heading(),
      paragraphs: [
        m.mail_booking_roster_reminder_lead({
          eventTitle: event.title,
          date: formatDate(event.startsAt),
          teamName: registration.teamName,
          named: registration.roster.length,
          size: event.teamSize,
        }),
        m.mail_booking_roster_reminder_ask({ deadline: formatInstant(event.registrationDeadline) }),
      ],
      details: bookingDetails(registration, event, booking.vatStatus),
      action: myBookings(baseUrl),
    },
  }));
}

/** 2 days before: time, place, how to find it, the schedule and the calendar file. */
export function arrivalInfoMail(booking: Booking, { baseUrl }: MailContext): MailDraft {
  const { registration, organizerName } = booking;
  const locale = registration.language;
  const schedule = scheduleIn(locale, booking.event)
    .value.map((item) => `${item.time}  ${item.activity}`)
    .join("\n");
  return inBookingLanguage(booking, (event) => {
    const details: [string, string][] = [
      [m.mail_label_booking_reference(), registration.reference],
      [m.mail_label_team(), registration.teamName],
      [m.mail_label_when(), when(event)],
      [m.mail_label_where(), event.location],
      ...(event.locationDetails
        ? [[m.mail_label_how_to_find_it(), event.locationDetails] as [string, string]]
        : []),
      ...(schedule ? [[m.mail_label_schedule(), schedule] as [string, string]] : []),
      [m.mail_label_organiser(), organizerName],
    ];
    // The captain brings it to the jetty in two days.
    const code = teamCode(registration);
    return {
      to: captainOf(booking),
      subject: m.mail_booking_arrival_subject({
        eventTitle: event.title,
        date: formatDate(event.startsAt),
        reference: registration.reference,
      }),
      content: {
        reason: why.booking(registration.teamName, event.title),
        heading: m.mail_booking_arrival_heading({ eventTitle: event.title }),
        paragraphs: [
          m.mail_booking_arrival_lead({ teamName: registration.teamName }),
          m.mail_booking_arrival_advice(),
        ],
        details,
        action: {
          label: m.mail_booking_arrival_action(),
          url: `${baseUrl}${localizedPath(`/events/${event.slug}`, locale)}`,
        },
        ...code.content,
      },
      attachments: [...calendarFor(booking, baseUrl), ...code.attachments],
    };
  });
}

export type BookingParties = {
  organizerName: string;
  vatStatus: VatStatus | null;
  /** The partner's verified members, each with the language of their profile. */
  memberEmails: Recipient[];
  /** A registration as its mails see it: at the parties' event, or at `at` (where it moved). */
  booking(registration: TeamRegistration, at?: EventRow): Booking;
};

/** The organiser's name and the addresses a booking's mails go to, read in the changing transaction. */
export async function bookingParties(
  tx: Transaction,
  event: EventRow,
  bookerIds: string[],
): Promise<BookingParties> {
  const [partner] = await tx
    .select({ name: partners.name, vatStatus: partnerBillingProfiles.vatStatus })
    .from(partners)
    .leftJoin(partnerBillingProfiles, eq(partnerBillingProfiles.partnerId, partners.id))
    .where(eq(partners.id, event.partnerId));
  const memberEmails = await partnerMemberRecipients(tx, event.partnerId);
  const bookers =
    bookerIds.length > 0
      ? await tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, bookerIds))
      : [];
  const bookerEmails = new Map(bookers.map((booker) => [booker.id, booker.email]));
  const organizerName = partner?.name ?? "";
  const vatStatus = partner?.vatStatus ?? null;
  return {
    organizerName,
    vatStatus,
    memberEmails,
    booking: (registration, at = event) => ({
      registration,
      event: at,
      organizerName,
      vatStatus,
      bookerEmail: bookerEmails.get(registration.userId) ?? registration.captainEmail ?? "",
    }),
  };
}

/** To each team moved up from the waitlist, and to the partner's members about it. */
export function promotionMails(
  parties: BookingParties,
  promoted: TeamRegistration[],
  context: MailContext,
  now: Date,
): MailDraft[] {
  return promoted.flatMap((registration) => {
    const booking = parties.booking(registration);
    // A held place is the booker's to pay for; the partner hears once it is paid.
    if (registration.status === "held") return [payForPlaceMail(booking, context)];
    return [
      promotionMail(booking, context, now),
      ...partnerNoticeMails("promoted", booking, parties.memberEmails, context),
    ];
  });
}

/** Queues every mail in the transaction given, in one statement (see enqueueEmails). */
export { enqueueEmails } from "#server/email/enqueue-email";
