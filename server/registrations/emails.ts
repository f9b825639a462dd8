import { eq } from "drizzle-orm";
import { formatDate, formatTimeRange } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import type { Database } from "#server/db/client";
import { events, partners, teamRegistrations, users } from "#server/db/schema";
import { eventCalendar } from "#server/events/calendar";
import type { Mail, Mailer } from "#server/email/mailer";
import { renderEmail } from "#server/email/templates";
import { formatInstant, type EventRow, type TeamRegistration } from "./rules";

export type MailServices = { db: Database; mailer: Mailer; baseUrl: string };

type Attachment = NonNullable<Mail["attachments"]>[number];

/** The event as a calendar file; the same file for the email and a download from My Bookings. */
export function eventCalendarAttachment(
  event: Pick<
    EventRow,
    | "id"
    | "slug"
    | "title"
    | "description"
    | "location"
    | "locationDetails"
    | "startsAt"
    | "endsAt"
    | "updatedAt"
    | "status"
  >,
  organizerName: string,
  baseUrl: string,
): Attachment {
  return {
    filename: `${event.slug}.ics`,
    contentType: "text/calendar; charset=utf-8; method=PUBLISH",
    content: eventCalendar({
      id: event.id,
      title: event.title,
      description: event.description,
      location: [event.locationDetails, event.location].filter(Boolean).join(", "),
      url: `${baseUrl}/events/${event.slug}`,
      organizerName,
      startsAt: event.startsAt,
      endsAt: event.endsAt,
      updatedAt: event.updatedAt,
      cancelled: event.status === "cancelled",
    }),
  };
}

/** A promotion happens inside a cancellation, so its mail reads the booking afresh after the commit. */
async function loadBooking(db: Database, registrationId: string) {
  const [booking] = await db
    .select({
      registration: teamRegistrations,
      event: events,
      organizerName: partners.name,
      bookerEmail: users.email,
    })
    .from(teamRegistrations)
    .innerJoin(events, eq(events.id, teamRegistrations.eventId))
    .innerJoin(partners, eq(partners.id, events.partnerId))
    .innerJoin(users, eq(users.id, teamRegistrations.userId))
    .where(eq(teamRegistrations.id, registrationId));
  if (!booking) throw new Error(`Registration ${registrationId} vanished before its mail was sent.`);
  return booking;
}

const STATUS_LABELS: Record<TeamRegistration["status"], string> = {
  confirmed: "Confirmed",
  waitlisted: "On the waitlist",
  cancelled: "Cancelled",
};

function bookingDetails(registration: TeamRegistration, event: EventRow): [string, string][] {
  const roster = registration.roster;
  const details: [string, string | null][] = [
    ["Event", event.title],
    ["Date", `${formatDate(event.startsAt)}, ${formatTimeRange(event.startsAt, event.endsAt)}`],
    ["Location", [event.locationDetails, event.location].filter(Boolean).join(", ")],
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
    ["Booking reference", registration.id],
  ];
  return details.filter((pair): pair is [string, string] => Boolean(pair[1]));
}

export type BookingMail = {
  registration: TeamRegistration;
  event: EventRow;
  organizerName: string;
  bookerEmail: string;
};

/**
 * The booking's confirmation (or waitlist notice) to the person who booked, with the
 * event's .ics. It takes the rows the booking already holds, so sending needs no query.
 */
export async function sendRegistrationConfirmation(
  { mailer, baseUrl }: Omit<MailServices, "db">,
  { registration, event, organizerName, bookerEmail }: BookingMail,
): Promise<void> {
  const waitlisted = registration.status === "waitlisted";
  const paragraphs = waitlisted
    ? [
        `${event.title} is fully booked, so ${registration.teamName} is on the waitlist.`,
        "If a confirmed team cancels, the team that has waited longest gets its spot, and we email its captain straight away.",
      ]
    : [
        `${registration.teamName} is registered for ${event.title}. The booking details are below; the invoice goes to ${registration.billingEmail ?? "your billing address"}.`,
      ];
  paragraphs.push(
    `You can edit the team and its roster in My Bookings until the registration deadline, ${formatInstant(event.registrationDeadline)}.`,
  );
  await mailer.send({
    to: bookerEmail,
    subject: waitlisted
      ? `You are on the waitlist: ${event.title}`
      : `Registration confirmed: ${event.title}`,
    ...renderEmail({
      heading: waitlisted ? "Your team is on the waitlist" : "Your team is registered",
      paragraphs,
      details: bookingDetails(registration, event),
      action: { label: "View My Bookings", url: `${baseUrl}/dashboard/bookings` },
    }),
    attachments: [eventCalendarAttachment(event, organizerName, baseUrl)],
  });
}

/** Tells a team that moved up from the waitlist; to its captain, else to whoever booked. */
export async function sendPromotionNotice(
  { db, mailer, baseUrl }: MailServices,
  registrationId: string,
): Promise<void> {
  const { registration, event, organizerName, bookerEmail } = await loadBooking(db, registrationId);
  await mailer.send({
    to: registration.captainEmail ?? bookerEmail,
    subject: `A spot opened up: ${registration.teamName} is confirmed for ${event.title}`,
    ...renderEmail({
      heading: "A spot opened up: your team is confirmed",
      paragraphs: [
        `A team cancelled, so ${registration.teamName} has moved from the waitlist to a confirmed place at ${event.title}.`,
        // Cancellations, and so promotions, go on after the deadline, when the roster is fixed.
        ...(event.registrationDeadline > new Date()
          ? [
              `The roster can still be completed in My Bookings until ${formatInstant(event.registrationDeadline)}.`,
            ]
          : []),
      ],
      details: bookingDetails(registration, event),
      action: { label: "View My Bookings", url: `${baseUrl}/dashboard/bookings` },
    }),
    attachments: [eventCalendarAttachment(event, organizerName, baseUrl)],
  });
}
