import { and, eq, inArray } from "drizzle-orm";
import { formatDate, formatTimeRange } from "~/lib/dates";
import { textsIn } from "~/lib/content-language";
import { m } from "~/paraglide/messages";
import type { Database } from "#server/db/client";
import type { EventRow, TeamRegistration } from "#server/db/rows";
import { partners, profiles, teamRegistrations, users } from "#server/db/schema";
import { partnerMemberRecipients, type Recipient } from "#server/email/recipients";
import { mailIn, type MailDraft } from "#server/email/templates";
import { eventCalendarAttachment } from "#server/registrations/emails";
import { formatAddress } from "~/lib/address";
import { why } from "#server/email/reasons";

type MailContext = { baseUrl: string };

/** Verified admins, who review what partners submit, each with their profile's language. */
async function adminRecipients(db: Database): Promise<Recipient[]> {
  const admins = await db
    .select({ email: users.email, locale: profiles.language })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(and(eq(profiles.role, "admin"), eq(users.emailVerified, true)));
  return admins;
}

const when = (event: Pick<EventRow, "startsAt" | "endsAt">) =>
  `${formatDate(event.startsAt)}, ${formatTimeRange(event.startsAt, event.endsAt)}`;

/**
 * To an admin, in their language: a partner submitted a new event, or a change to a
 * published one. `partnerName` null when the partner is gone.
 */
export function submittedMail(
  { email: to, locale }: Recipient,
  event: EventRow,
  partnerName: string | null,
  { change, baseUrl }: MailContext & { change: boolean },
): MailDraft {
  return mailIn(locale, () => {
    const eventTitle = event.title;
    const heading = change
      ? m.mail_event_changes_to_review({ eventTitle })
      : m.mail_event_new_to_review({ eventTitle });
    const partner = { partnerName: partnerName ?? m.mail_event_partner_fallback() };
    return {
      to,
      subject: heading,
      content: {
        reason: why.admin(),
        heading,
        paragraphs: [change ? m.mail_event_submitted_change(partner) : m.mail_event_submitted_new(partner)],
        details: [
          [m.mail_label_event(), event.title],
          [m.mail_label_when(), when(event)],
          [m.mail_label_where(), event.location],
        ],
        action: { label: m.mail_event_review_action(), url: `${baseUrl}/dashboard/admin/events/${event.id}` },
      },
    };
  });
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
  const partnerName = partner?.name ?? null;
  return (await adminRecipients(db)).map((admin) => submittedMail(admin, event, partnerName, context));
}

export type EventDecision =
  | "approved"
  | "changes_approved"
  | "changes_requested"
  | "changes_to_changes_requested"
  | "unpublished"
  | "cancelled";

type EventFacts = { eventTitle: string; date: string };

const DECISIONS: Record<EventDecision, { subject: () => string; lead: (facts: EventFacts) => string }> = {
  approved: {
    subject: m.mail_event_decision_approved_subject,
    lead: m.mail_event_decision_approved_lead,
  },
  changes_approved: {
    subject: m.mail_event_decision_changes_approved_subject,
    lead: m.mail_event_decision_changes_approved_lead,
  },
  changes_requested: {
    subject: m.mail_event_decision_changes_requested_subject,
    lead: m.mail_event_decision_changes_requested_lead,
  },
  changes_to_changes_requested: {
    subject: m.mail_event_decision_changes_to_changes_requested_subject,
    lead: m.mail_event_decision_changes_to_changes_requested_lead,
  },
  unpublished: {
    subject: m.mail_event_decision_unpublished_subject,
    lead: m.mail_event_decision_unpublished_lead,
  },
  cancelled: {
    subject: m.mail_event_decision_cancelled_subject,
    lead: m.mail_event_decision_cancelled_lead,
  },
};

/**
 * To a member of the event's partner, in their language: what RCL decided, with the
 * admin's note as written.
 */
export function decisionMail(
  { email: to, locale }: Recipient,
  decision: EventDecision,
  event: EventRow,
  { note, baseUrl }: MailContext & { note?: string },
): MailDraft {
  return mailIn(locale, () => {
    const heading = DECISIONS[decision].subject();
    const lead = DECISIONS[decision].lead({ eventTitle: event.title, date: formatDate(event.startsAt) });
    return {
      to,
      subject: m.mail_event_decision_subject({ heading, eventTitle: event.title }),
      content: {
        reason: why.partnerMember(),
        heading,
        paragraphs: [lead, ...(note ? [note] : [])],
        action: { label: m.mail_event_open_action(), url: `${baseUrl}/dashboard/partner/events/${event.id}` },
      },
    };
  });
}

/** To each member of the event's partner: what RCL decided. */
export async function decisionMails(
  db: Database,
  decision: EventDecision,
  event: EventRow,
  context: MailContext & { note?: string },
): Promise<MailDraft[]> {
  return (await partnerMemberRecipients(db, event.partnerId)).map((member) =>
    decisionMail(member, decision, event, context),
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
  const locale = registration.language;
  // The partner's texts in the booking's language where translated (ADR 034).
  const shown = textsIn(event, locale);
  const facts = { eventTitle: shown.title, reference: registration.reference };
  return (recipients as string[]).map((to) =>
    mailIn(locale, () => ({
      to,
      subject: m.mail_event_cancelled_subject(facts),
      content: {
        reason: why.booking(registration.teamName, shown.title),
        heading: m.mail_event_cancelled_heading(facts),
        paragraphs: [
          m.mail_event_cancelled_lead({
            ...facts,
            organizer: organizerName,
            when: when(event),
            teamName: registration.teamName,
          }),
          m.mail_event_cancelled_reason(),
          reason,
          m.mail_event_cancelled_questions(),
        ],
        action: { label: m.mail_action_my_bookings(), url: `${baseUrl}/dashboard/bookings` },
      },
      attachments: [eventCalendarAttachment(event, organizerName, baseUrl, registration.reference, locale)],
    })),
  );
}

/** To one team's captain and booker: the event's time or place changed, with the new calendar file. */
export function eventChangedMails(
  before: EventRow,
  after: EventRow,
  { registration, bookerEmail }: { registration: TeamRegistration; bookerEmail: string },
  organizerName: string,
  { baseUrl }: MailContext,
): MailDraft[] {
  const locale = registration.language;
  const [was, now] = [textsIn(before, locale), textsIn(after, locale)];
  const facts = { eventTitle: now.title, reference: registration.reference };
  return [...new Set([registration.captainEmail ?? bookerEmail, bookerEmail])].map((to) =>
    mailIn(locale, () => ({
      to,
      subject: m.mail_event_changed_subject(facts),
      content: {
        reason: why.booking(registration.teamName, now.title),
        heading: m.mail_event_changed_heading(facts),
        paragraphs: [
          m.mail_event_changed_lead({ ...facts, teamName: registration.teamName }),
          m.mail_event_changed_cancel_hint(),
        ],
        details: [
          [m.mail_label_when(), when(after)],
          [m.mail_label_where(), formatAddress(now)],
          [m.mail_label_before(), `${when(before)}, ${was.location}`],
        ],
        action: { label: m.mail_action_my_bookings(), url: `${baseUrl}/dashboard/bookings` },
      },
      attachments: [eventCalendarAttachment(after, organizerName, baseUrl, registration.reference, locale)],
    })),
  );
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
    before.locationDetails !== after.locationDetails ||
    // A booker reading the other language sees the place in it (ADR 034).
    before.locationTranslation !== after.locationTranslation ||
    before.locationDetailsTranslation !== after.locationDetailsTranslation;
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
