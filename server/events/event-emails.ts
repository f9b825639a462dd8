import { and, eq, inArray } from "drizzle-orm";
import { formatDate, formatTimeRange } from "~/lib/dates";
import type { Database } from "#server/db/client";
import type { EventRow, TeamRegistration } from "#server/db/rows";
import { partners, profiles, teamRegistrations, users } from "#server/db/schema";
import type { MailDraft } from "#server/email/templates";
import { partnerMemberEmails } from "#server/partners/queries";
import { eventCalendarAttachment } from "#server/registrations/emails";
import { formatAddress } from "~/lib/address";
import { why } from "#server/email/reasons";

type MailContext = { baseUrl: string };

/** Verified admins, who review what partners submit. */
async function adminEmails(db: Database): Promise<string[]> {
  const admins = await db
    .select({ email: users.email })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(and(eq(profiles.role, "admin"), eq(users.emailVerified, true)));
  return admins.map((admin) => admin.email);
}

const when = (event: Pick<EventRow, "startsAt" | "endsAt">) =>
  `${formatDate(event.startsAt)}, ${formatTimeRange(event.startsAt, event.endsAt)}`;

/** To an admin: a partner submitted a new event, or a change to a published one. */
export function submittedMail(
  to: string,
  event: EventRow,
  partnerName: string,
  { change, baseUrl }: MailContext & { change: boolean },
): MailDraft {
  const heading = change ? `Changes to review: ${event.title}` : `New event to review: ${event.title}`;
  return {
    to,
    subject: heading,
    content: {
      reason: why.admin,
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
    },
  };
}

/** To each admin: a partner submitted a new event, or a change to a published one. */
export async function submittedMails(
  db: Database,
  event: EventRow,
  context: MailContext & { change: boolean },
): Promise<MailDraft[]> {
  const [partner] = await db
    .select({ name: partners.name })
    .from(partners)
    .where(eq(partners.id, event.partnerId));
  const partnerName = partner?.name ?? "A partner";
  return (await adminEmails(db)).map((to) => submittedMail(to, event, partnerName, context));
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

/** To a member of the event's partner: what RCL decided, with the admin's note as written. */
export function decisionMail(
  to: string,
  decision: EventDecision,
  event: EventRow,
  { note, baseUrl }: MailContext & { note?: string },
): MailDraft {
  const { subject, lead } = DECISIONS[decision];
  return {
    to,
    subject: `${subject}: ${event.title}`,
    content: {
      reason: why.partnerMember,
      heading: subject,
      paragraphs: [`${event.title} (${formatDate(event.startsAt)}) ${lead}`, ...(note ? [note] : [])],
      action: { label: "Open the event", url: `${baseUrl}/dashboard/partner/events/${event.id}` },
    },
  };
}

/** To each member of the event's partner: what RCL decided. */
export async function decisionMails(
  db: Database,
  decision: EventDecision,
  event: EventRow,
  context: MailContext & { note?: string },
): Promise<MailDraft[]> {
  return (await partnerMemberEmails(db, event.partnerId)).map((to) =>
    decisionMail(to, decision, event, context),
  );
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
): MailDraft[] {
  const recipients = [...new Set([registration.captainEmail ?? bookerEmail, bookerEmail].filter(Boolean))];
  return (recipients as string[]).map((to) => ({
    to,
    subject: `Event cancelled: ${event.title} (${registration.reference})`,
    content: {
      reason: why.booking(registration.teamName, event.title),
      heading: `${event.title} is cancelled`,
      paragraphs: [
        `${organizerName} has cancelled ${event.title} on ${when(event)}. The booking of ${registration.teamName} (${registration.reference}) is cancelled with it.`,
        "The reason given:",
        reason,
        "If you have questions, reply to this email or contact the organiser, and quote the booking reference.",
      ],
      action: { label: "View My Bookings", url: `${baseUrl}/dashboard/bookings` },
    },
    attachments: [eventCalendarAttachment(event, organizerName, baseUrl, registration.reference)],
  }));
}

/** To one team's captain and booker: the event's time or place changed, with the new calendar file. */
export function eventChangedMails(
  before: EventRow,
  after: EventRow,
  { registration, bookerEmail }: { registration: TeamRegistration; bookerEmail: string },
  organizerName: string,
  { baseUrl }: MailContext,
): MailDraft[] {
  return [...new Set([registration.captainEmail ?? bookerEmail, bookerEmail])].map((to) => ({
    to,
    subject: `Changed: ${after.title} (${registration.reference})`,
    content: {
      reason: why.booking(registration.teamName, after.title),
      heading: `${after.title} has changed`,
      paragraphs: [
        `The organiser has changed the time or place of ${after.title}. Your booking of ${registration.teamName} (${registration.reference}) stands.`,
        "If the new time or place does not suit your team, you can cancel the booking from My Bookings until the event starts.",
      ],
      details: [
        ["When", when(after)],
        ["Where", formatAddress(after)],
        ["Before", `${when(before)}, ${before.location}`],
      ],
      action: { label: "View My Bookings", url: `${baseUrl}/dashboard/bookings` },
    },
    attachments: [eventCalendarAttachment(after, organizerName, baseUrl, registration.reference)],
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
  context: MailContext,
): Promise<MailDraft[]> {
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
  return teams.flatMap((team) => eventChangedMails(before, after, team, partner?.name ?? "", context));
}
