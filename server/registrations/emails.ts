import { eq, inArray } from "drizzle-orm";
import { formatDate, formatInstant, formatTimeRange } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { onTheWaitlist } from "~/lib/words/waitlist";
import type { EventRow, TeamRegistration, Transaction } from "#server/db/rows";
import { partners, users } from "#server/db/schema";
import { calendarEventOf, eventCalendar, type CalendarFields } from "#server/ics/calendar-file";
import { partnerMemberEmails } from "#server/partners/queries";
import { enqueueEmail, type MailQueue } from "#server/email/enqueue-email";
import type { Mail } from "#server/email/mailer";
import type { MailDraft } from "#server/email/templates";
import { formatAddress } from "~/lib/address";
import { why } from "#server/email/reasons";

type Attachment = NonNullable<Mail["attachments"]>[number];

/**
 * The event as a calendar file; the same file for the emails and a download from My
 * Bookings. With a booking, its reference is in the description.
 */
export function eventCalendarAttachment(
  event: CalendarFields,
  organizerName: string,
  baseUrl: string,
  bookingReference?: string,
): Attachment {
  return {
    filename: `${event.slug}.ics`,
    contentType: "text/calendar; charset=utf-8; method=PUBLISH",
    content: eventCalendar(calendarEventOf(event, organizerName, baseUrl, bookingReference)),
  };
}

const STATUS_LABELS: Record<TeamRegistration["status"], string> = {
  confirmed: "Confirmed",
  waitlisted: "On the waitlist",
  cancelled: "Cancelled",
};

const when = (event: EventRow) =>
  `${formatDate(event.startsAt)}, ${formatTimeRange(event.startsAt, event.endsAt)}`;

function bookingDetails(registration: TeamRegistration, event: EventRow): [string, string][] {
  const roster = registration.roster;
  const details: [string, string | null][] = [
    ["Booking reference", registration.reference],
    ["Event", event.title],
    ["Date", when(event)],
    ["Location", formatAddress(event)],
    ["Status", STATUS_LABELS[registration.status]],
    ["Team", registration.teamName],
    ["Company", registration.company],
    [
      "Captain",
      [registration.captainName, registration.captainEmail, registration.captainPhone]
        .filter(Boolean)
        .join("\n"),
    ],
    [
      "Roster",
      [
        `${roster.length} of ${event.teamSize} members named`,
        ...roster.map((member) => (member.email ? `${member.name} <${member.email}>` : member.name)),
      ].join("\n"),
    ],
    ["Billing company", registration.billingCompany],
    ["CVR number", registration.cvr],
    ["EAN number", registration.ean],
    ["PO reference", registration.poReference],
    ["Billing email", registration.billingEmail],
    ["Price per team", formatMoney(event.priceMinor, event.currency)],
    ["Notes", registration.notes],
  ];
  return details.filter((pair): pair is [string, string] => Boolean(pair[1]));
}

/** Everything a booking's mails are made from; read inside the transaction that changes it. */
export type Booking = {
  registration: TeamRegistration;
  event: EventRow;
  organizerName: string;
  /** The account that booked; the captain may be someone else. */
  bookerEmail: string;
};

type MailContext = { baseUrl: string };

const captainOf = ({ registration, bookerEmail }: Booking) => registration.captainEmail ?? bookerEmail;
const myBookings = (baseUrl: string) => ({ label: "View My Bookings", url: `${baseUrl}/dashboard/bookings` });
const calendarFor = (booking: Booking, baseUrl: string) => [
  eventCalendarAttachment(booking.event, booking.organizerName, baseUrl, booking.registration.reference),
];

/** The confirmation (or waitlist notice) to the person who booked, with the event's .ics. */
export function confirmationMail(booking: Booking, { baseUrl }: MailContext): MailDraft {
  const { registration, event, bookerEmail } = booking;
  const waitlisted = registration.status === "waitlisted";
  const paragraphs = waitlisted
    ? onTheWaitlist(event.title, registration.teamName)
    : [
        `${registration.teamName} is registered for ${event.title}. The booking details are below; the invoice goes to ${registration.billingEmail ?? "your billing address"}.`,
      ];
  paragraphs.push(
    `You can edit the team and its roster in My Bookings until the registration deadline, ${formatInstant(event.registrationDeadline)}.`,
  );
  return {
    to: bookerEmail,
    subject: `${waitlisted ? "You are on the waitlist" : "Registration confirmed"}: ${event.title} (${registration.reference})`,
    content: {
      reason: why.booking(booking.registration.teamName, booking.event.title),
      heading: waitlisted ? "Your team is on the waitlist" : "Your team is registered",
      paragraphs,
      details: bookingDetails(registration, event),
      action: myBookings(baseUrl),
    },
    attachments: calendarFor(booking, baseUrl),
  };
}

/** Until the deadline, a team confirmed late may still complete its roster; after it, nothing to add. */
const rosterStillOpen = (event: EventRow, now: Date) =>
  event.registrationDeadline > now
    ? [`The roster can still be completed in My Bookings until ${formatInstant(event.registrationDeadline)}.`]
    : [];

/** Tells a team that moved up from the waitlist; to its captain, else to whoever booked. */
function promotionMail(booking: Booking, { baseUrl }: MailContext, now: Date): MailDraft {
  const { registration, event } = booking;
  return {
    to: captainOf(booking),
    subject: `A spot opened up: ${registration.teamName} is confirmed for ${event.title} (${registration.reference})`,
    content: {
      reason: why.booking(booking.registration.teamName, booking.event.title),
      heading: "A spot opened up: your team is confirmed",
      paragraphs: [
        `A team cancelled, so ${registration.teamName} has moved from the waitlist to a confirmed place at ${event.title}.`,
        // Cancellations, and so promotions, go on after the deadline, when the roster is fixed.
        ...rosterStillOpen(event, now),
      ],
      details: bookingDetails(registration, event),
      action: myBookings(baseUrl),
    },
    attachments: calendarFor(booking, baseUrl),
  };
}

/** Tells the captain (and the booker, when someone else) that the booking was cancelled. */
export function cancellationMails(booking: Booking, { baseUrl }: MailContext): MailDraft[] {
  const { registration, event } = booking;
  const recipients = [...new Set([captainOf(booking), booking.bookerEmail])];
  return recipients.map((to) => ({
    to,
    subject: `Booking cancelled: ${registration.teamName} at ${event.title} (${registration.reference})`,
    content: {
      reason: why.booking(booking.registration.teamName, booking.event.title),
      heading: "Your booking is cancelled",
      paragraphs: [
        `The booking of ${registration.teamName} for ${event.title} on ${formatDate(event.startsAt)} is cancelled, and the team's spot is given up.`,
        "If you did not expect this, reply to this email or contact us, and quote the booking reference.",
      ],
      details: bookingDetails(registration, event),
      action: myBookings(baseUrl),
    },
  }));
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
  const { registration, event, organizerName } = booking;
  return captainAndBooker(booking).map((to) => ({
    to,
    subject: `Booking cancelled by the organiser: ${registration.teamName} at ${event.title} (${registration.reference})`,
    content: {
      reason: why.booking(booking.registration.teamName, booking.event.title),
      heading: "The organiser has cancelled your booking",
      paragraphs: [
        `${organizerName || "The organiser"} has cancelled the booking of ${registration.teamName} for ${event.title} on ${formatDate(event.startsAt)}, and the team's spot is given up.`,
        ...(reason ? [`The reason given: ${reason}`] : []),
        "If you have questions, reply to this email or contact us, and quote the booking reference.",
      ],
      details: bookingDetails(registration, event),
      action: myBookings(baseUrl),
    },
  }));
}

/** The organiser took the team off the waitlist by hand; with the event's .ics. */
export function organiserConfirmationMails(
  booking: Booking,
  { baseUrl }: MailContext,
  now: Date,
): MailDraft[] {
  const { registration, event, organizerName } = booking;
  return captainAndBooker(booking).map((to) => ({
    to,
    subject: `Your team is confirmed: ${registration.teamName} for ${event.title} (${registration.reference})`,
    content: {
      reason: why.booking(booking.registration.teamName, booking.event.title),
      heading: "Your team is confirmed",
      paragraphs: [
        `${organizerName || "The organiser"} has confirmed ${registration.teamName} for ${event.title}: the team has moved from the waitlist to a confirmed place.`,
        ...rosterStillOpen(event, now),
      ],
      details: bookingDetails(registration, event),
      action: myBookings(baseUrl),
    },
    attachments: calendarFor(booking, baseUrl),
  }));
}

/** The organiser moved the team to another of its events; `booking` is at the new event, with its .ics. */
export function movedMails(booking: Booking, from: EventRow, { baseUrl }: MailContext): MailDraft[] {
  const { registration, event, organizerName } = booking;
  return captainAndBooker(booking).map((to) => ({
    to,
    subject: `Your team has moved to ${event.title} on ${formatDate(event.startsAt)} (${registration.reference})`,
    content: {
      reason: why.booking(booking.registration.teamName, booking.event.title),
      heading: "Your team has moved to another event",
      paragraphs: [
        `${organizerName || "The organiser"} has moved ${registration.teamName} from ${from.title} on ${formatDate(from.startsAt)} to ${event.title} on ${formatDate(event.startsAt)}.`,
        `The team is confirmed at the new event and the booking reference stays ${registration.reference}. The new date's calendar file is attached; please remove the old date from your calendar.`,
      ],
      details: bookingDetails(registration, event),
      action: myBookings(baseUrl),
    },
    attachments: calendarFor(booking, baseUrl),
  }));
}

export type PartnerNotice = "booked" | "waitlisted" | "cancelled" | "promoted";

const NOTICE_HEADINGS: Record<PartnerNotice, (team: string) => string> = {
  booked: (team) => `New booking: ${team}`,
  waitlisted: (team) => `New waitlist registration: ${team}`,
  cancelled: (team) => `Booking cancelled: ${team}`,
  promoted: (team) => `Moved up from the waitlist: ${team}`,
};

/** One mail per member of the organising partner, so no member sees the others' addresses. */
export function partnerNoticeMails(
  notice: PartnerNotice,
  booking: Booking,
  memberEmails: string[],
  { baseUrl }: MailContext,
): MailDraft[] {
  const { registration, event } = booking;
  const heading = NOTICE_HEADINGS[notice](registration.teamName);
  return memberEmails.map((to) => ({
    to,
    subject: `${heading} for ${event.title} (${registration.reference})`,
    content: {
      reason: why.partnerMember,
      heading,
      paragraphs: [
        `${registration.company} ${notice === "cancelled" ? "cancelled its booking for" : "has a team at"} ${event.title} on ${formatDate(event.startsAt)}.`,
      ],
      details: bookingDetails(registration, event),
      action: { label: "Open the partner dashboard", url: `${baseUrl}/dashboard/partner` },
    },
  }));
}

/** 7 days before: the roster is not full yet. */
export function rosterReminderMail(booking: Booking, { baseUrl }: MailContext): MailDraft {
  const { registration, event } = booking;
  const missing = event.teamSize - registration.roster.length;
  return {
    to: captainOf(booking),
    subject: `${missing} rower${missing === 1 ? "" : "s"} still to name for ${event.title} (${registration.reference})`,
    content: {
      reason: why.booking(booking.registration.teamName, booking.event.title),
      heading: "Your team's roster is not complete yet",
      paragraphs: [
        `${event.title} is on ${formatDate(event.startsAt)}. ${registration.teamName} has ${registration.roster.length} of ${event.teamSize} members named.`,
        `Please add the rest in My Bookings before the registration deadline, ${formatInstant(event.registrationDeadline)}, so the organiser can plan boats and crews.`,
      ],
      details: bookingDetails(registration, event),
      action: myBookings(baseUrl),
    },
  };
}

/** 2 days before: time, place, how to find it, the schedule and the calendar file. */
export function arrivalInfoMail(booking: Booking, { baseUrl }: MailContext): MailDraft {
  const { registration, event, organizerName } = booking;
  const schedule = event.schedule.map((item) => `${item.time}  ${item.activity}`).join("\n");
  const details: [string, string][] = [
    ["Booking reference", registration.reference],
    ["Team", registration.teamName],
    ["When", when(event)],
    ["Where", event.location],
    ...(event.locationDetails ? [["How to find it", event.locationDetails] as [string, string]] : []),
    ...(schedule ? [["Schedule", schedule] as [string, string]] : []),
    ["Organiser", organizerName],
  ];
  return {
    to: captainOf(booking),
    subject: `Know before you go: ${event.title} on ${formatDate(event.startsAt)} (${registration.reference})`,
    content: {
      reason: why.booking(booking.registration.teamName, booking.event.title),
      heading: `See you at ${event.title}`,
      paragraphs: [
        `${registration.teamName} is confirmed. Here is what you need on the day; please pass it on to your team.`,
        "Arrive 15 minutes early, in clothes you can move in. The event's page has the full details and questions and answers.",
      ],
      details,
      action: { label: "Open the event page", url: `${baseUrl}/events/${event.slug}` },
    },
    attachments: calendarFor(booking, baseUrl),
  };
}

export type BookingParties = {
  organizerName: string;
  memberEmails: string[];
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
    .select({ name: partners.name })
    .from(partners)
    .where(eq(partners.id, event.partnerId));
  const memberEmails = await partnerMemberEmails(tx, event.partnerId);
  const bookers =
    bookerIds.length > 0
      ? await tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, bookerIds))
      : [];
  const bookerEmails = new Map(bookers.map((booker) => [booker.id, booker.email]));
  const organizerName = partner?.name ?? "";
  return {
    organizerName,
    memberEmails,
    booking: (registration, at = event) => ({
      registration,
      event: at,
      organizerName,
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
    return [
      promotionMail(booking, context, now),
      ...partnerNoticeMails("promoted", booking, parties.memberEmails, context),
    ];
  });
}

/** Queues every mail in the transaction given; see enqueueEmail. */
export async function enqueueEmails(jobs: MailQueue, tx: Transaction, mails: MailDraft[]): Promise<void> {
  for (const mail of mails) await enqueueEmail(jobs, tx, mail);
}
