import { and, eq, inArray } from "drizzle-orm";
import { formatDate, formatTimeRange } from "~/lib/dates";
import type { Database } from "#server/db/client";
import { partners, profiles, teamRegistrations, users } from "#server/db/schema";
import type { Mail } from "#server/email/mailer";
import { renderEmail } from "#server/email/templates";
import { eventCalendarAttachment } from "#server/registrations/emails";
import type { TeamRegistration } from "#server/registrations/rules";
import type { EventRow } from "./event-values";

type MailContext = { baseUrl: string };

/** Verified admins, who review what partners submit. */
export async function adminEmails(db: Database): Promise<string[]> {
  const admins = await db
    .select({ email: users.email })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(and(eq(profiles.role, "admin"), eq(users.emailVerified, true)));
  return admins.map((admin) => admin.email);
}

const when = (event: Pick<EventRow, "startsAt" | "endsAt">) =>
  `${formatDate(event.startsAt)}, ${formatTimeRange(event.startsAt, event.endsAt)}`;

/** To each admin: a partner submitted a new event, or a change to a published one. */
export function submittedMails(
  event: EventRow,
  { partnerName, change, adminAddresses }: { partnerName: string; change: boolean; adminAddresses: string[] },
  { baseUrl }: MailContext,
): Mail[] {
  const heading = change ? `Changes to review: ${event.title}` : `New event to review: ${event.title}`;
  return adminAddresses.map((to) => ({
    to,
    subject: heading,
    ...renderEmail({
      heading,
      paragraphs: [
        change
          ? `${partnerName} changed a published event. The published version stays public until you approve the changes.`
          : `${partnerName} submitted an event for review.`,
      ],
      details: [
        ["Event", event.title],
        ["When", when(event)],
        ["Where", event.location],
      ],
      action: { label: "Review the event", url: `${baseUrl}/dashboard/admin/events/${event.id}` },
    }),
  }));
}

export type EventDecision =
  | "approved"
  | "changes_approved"
  | "changes_requested"
  | "changes_to_changes_requested"
  | "unpublished"
  | "cancelled";

const DECISIONS: Record<EventDecision, { subject: string; lead: string }> = {
  approved: {
    subject: "Your event is published",
    lead: "is approved and now public on Rethink Corporate Life.",
  },
  changes_approved: {
    subject: "Your changes are published",
    lead: "has its changes approved; the public page now shows them.",
  },
  changes_requested: {
    subject: "Changes requested for your event",
    lead: "needs some changes before it can be published. Our note:",
  },
  changes_to_changes_requested: {
    subject: "Changes requested for your event's update",
    lead: "keeps its published version for now: your changes need some work before they can go live. Our note:",
  },
  unpublished: {
    subject: "Your event is no longer public",
    lead: "has been taken off the public site by Rethink Corporate Life, for this reason:",
  },
  cancelled: {
    subject: "Your event has been cancelled",
    lead: "has been cancelled by Rethink Corporate Life, and every registered team has been told. The reason:",
  },
};

/** To each member of the event's partner: what RCL decided, with the admin's note as written. */
export function decisionMails(
  decision: EventDecision,
  event: EventRow,
  { note, memberEmails }: { note?: string; memberEmails: string[] },
  { baseUrl }: MailContext,
): Mail[] {
  const { subject, lead } = DECISIONS[decision];
  return memberEmails.map((to) => ({
    to,
    subject: `${subject}: ${event.title}`,
    ...renderEmail({
      heading: subject,
      paragraphs: [`${event.title} (${formatDate(event.startsAt)}) ${lead}`, ...(note ? [note] : [])],
      action: { label: "Open the event", url: `${baseUrl}/dashboard/partner/events/${event.id}` },
    }),
  }));
}

/**
 * To the captain of every team that held or waited for a place (and the booker, when
 * someone else): the event is called off, with the organiser's reason as written and
 * a calendar file that marks it cancelled.
 */
export function eventCancelledMails(
  event: EventRow,
  {
    registration,
    bookerEmail,
    organizerName,
    reason,
  }: {
    registration: TeamRegistration;
    bookerEmail: string | undefined;
    organizerName: string;
    reason: string;
  },
  { baseUrl }: MailContext,
): Mail[] {
  const recipients = [...new Set([registration.captainEmail ?? bookerEmail, bookerEmail].filter(Boolean))];
  return (recipients as string[]).map((to) => ({
    to,
    subject: `Event cancelled: ${event.title} (${registration.reference})`,
    ...renderEmail({
      heading: `${event.title} is cancelled`,
      paragraphs: [
        `${organizerName} has cancelled ${event.title} on ${when(event)}. The booking of ${registration.teamName} (${registration.reference}) is cancelled with it.`,
        "The reason given:",
        reason,
        "If you have questions, reply to this email or contact the organiser, and quote the booking reference.",
      ],
      action: { label: "View My Bookings", url: `${baseUrl}/dashboard/bookings` },
    }),
    attachments: [eventCalendarAttachment(event, organizerName, baseUrl, registration.reference)],
  }));
}

/**
 * When an approved change moves the event's time or place, every team holding or
 * waiting for a place hears of it (captain and booker), with the new calendar file.
 */
export async function changedEventMails(
  db: Database,
  before: EventRow,
  after: EventRow,
  { baseUrl }: MailContext,
): Promise<Mail[]> {
  const moved =
    before.startsAt.getTime() !== after.startsAt.getTime() ||
    before.endsAt.getTime() !== after.endsAt.getTime() ||
    before.location !== after.location ||
    before.locationDetails !== after.locationDetails;
  if (!moved) return [];
  const [partner] = await db
    .select({ name: partners.name })
    .from(partners)
    .where(eq(partners.id, after.partnerId));
  const teams = await db
    .select({ registration: teamRegistrations, bookerEmail: users.email })
    .from(teamRegistrations)
    .innerJoin(users, eq(users.id, teamRegistrations.userId))
    .where(
      and(
        eq(teamRegistrations.eventId, after.id),
        inArray(teamRegistrations.status, ["confirmed", "waitlisted"]),
      ),
    );
  return teams.flatMap(({ registration, bookerEmail }) =>
    [...new Set([registration.captainEmail ?? bookerEmail, bookerEmail])].map((to) => ({
      to,
      subject: `Changed: ${after.title} (${registration.reference})`,
      ...renderEmail({
        heading: `${after.title} has changed`,
        paragraphs: [
          `The organiser has changed the time or place of ${after.title}. Your booking of ${registration.teamName} (${registration.reference}) stands.`,
          "If the new time or place does not suit your team, you can cancel the booking from My Bookings until the event starts.",
        ],
        details: [
          ["When", when(after)],
          ["Where", [after.locationDetails, after.location].filter(Boolean).join(", ")],
          ["Before", `${when(before)}, ${before.location}`],
        ],
        action: { label: "View My Bookings", url: `${baseUrl}/dashboard/bookings` },
      }),
      attachments: [eventCalendarAttachment(after, partner?.name ?? "", baseUrl, registration.reference)],
    })),
  );
}
