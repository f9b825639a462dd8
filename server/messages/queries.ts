import { and, asc, count, desc, eq, inArray } from "drizzle-orm";
import type { RecipientChoice } from "~/lib/forms/participant-message-schema";
import type { Actor } from "#server/auth/actor";
import type { Database } from "#server/db/client";
import { countWhere } from "#server/db/count-where";
import { listPage } from "#server/db/list-page";
import {
  participantMessageRecipients,
  participantMessages,
  partners,
  teamRegistrations,
  users,
} from "#server/db/schema";
import { loadManagedEvent } from "#server/events/managed-event";

export type MessageRecipient = { email: string; name: string };

export const MESSAGE_HISTORY_PAGE_SIZE = 20;

/** The registration statuses a choice of teams covers; cancelled teams are never among them. */
const STATUSES: Record<RecipientChoice["teams"], ("confirmed" | "waitlisted")[]> = {
  confirmed: ["confirmed"],
  waitlisted: ["waitlisted"],
  both: ["confirmed", "waitlisted"],
};

/**
 * Who a message to the event's participants reaches, from the event's own registrations
 * only: each chosen team's captain (the captain's address, or the booker's account when
 * the team named none) and, for everyone, each roster member who gave an address. One
 * entry per address, compared without case, in the order the teams registered. The
 * recipient count a page shows and the rows the send command stores both come from
 * here, so they cannot disagree.
 */
export async function messageRecipients(
  db: Database,
  eventId: string,
  { audience, teams }: RecipientChoice,
): Promise<MessageRecipient[]> {
  const rows = await db
    .select({
      captainName: teamRegistrations.captainName,
      captainEmail: teamRegistrations.captainEmail,
      roster: teamRegistrations.roster,
      bookerName: users.name,
      bookerEmail: users.email,
    })
    .from(teamRegistrations)
    .innerJoin(users, eq(users.id, teamRegistrations.userId))
    .where(and(eq(teamRegistrations.eventId, eventId), inArray(teamRegistrations.status, STATUSES[teams])))
    .orderBy(asc(teamRegistrations.createdAt), asc(teamRegistrations.id));

  const recipients = new Map<string, MessageRecipient>();
  const add = (email: string | null | undefined, name: string | null | undefined) => {
    const address = email?.trim();
    if (!address) return;
    const key = address.toLowerCase();
    if (!recipients.has(key)) recipients.set(key, { email: address, name: name?.trim() ?? "" });
  };
  for (const row of rows) {
    if (row.captainEmail?.trim()) add(row.captainEmail, row.captainName);
    else add(row.bookerEmail, row.captainName || row.bookerName);
    if (audience === "everyone") {
      for (const member of row.roster) add(member.email, member.name);
    }
  }
  return [...recipients.values()];
}

/**
 * The messages page of an event the actor manages: the event, how many people the
 * current choice reaches, and a page of the messages sent, newest first, with how their
 * delivery went. "Not found" outside the actor's reach.
 */
export async function getParticipantMessagesPage(
  db: Database,
  actor: Actor,
  { eventId, choice, page }: { eventId: unknown; choice: RecipientChoice; page: number },
) {
  const event = await loadManagedEvent(db, actor, eventId);
  const [recipients, [partner], history] = await Promise.all([
    messageRecipients(db, event.id, choice),
    db.select({ name: partners.name }).from(partners).where(eq(partners.id, event.partnerId)),
    listSentMessages(db, event.id, page),
  ]);
  return {
    event: {
      id: event.id,
      title: event.title,
      startsAt: event.startsAt,
      endsAt: event.endsAt,
      status: event.status,
    },
    partnerName: partner?.name ?? "",
    recipientCount: recipients.length,
    ...history,
  };
}

/** One page of an event's sent messages, newest first, each with its delivery counts. */
async function listSentMessages(db: Database, eventId: string, page: number) {
  const status = participantMessageRecipients.status;
  const { rows, total } = await listPage(
    db
      .select({
        id: participantMessages.id,
        subject: participantMessages.subject,
        senderEmail: participantMessages.senderEmail,
        audience: participantMessages.audience,
        teams: participantMessages.teams,
        recipientCount: participantMessages.recipientCount,
        createdAt: participantMessages.createdAt,
        delivered: countWhere(eq(status, "delivered")),
        failed: countWhere(eq(status, "failed")),
        queued: countWhere(eq(status, "queued")),
      })
      .from(participantMessages)
      .leftJoin(
        participantMessageRecipients,
        eq(participantMessageRecipients.messageId, participantMessages.id),
      )
      .where(eq(participantMessages.eventId, eventId))
      .groupBy(participantMessages.id)
      .orderBy(desc(participantMessages.createdAt), desc(participantMessages.id)),
    db.select({ n: count() }).from(participantMessages).where(eq(participantMessages.eventId, eventId)),
    { page, size: MESSAGE_HISTORY_PAGE_SIZE },
  );
  return { messages: rows, total };
}
