import { participantMessageSchema, peopleCount } from "~/lib/forms/participant-message-schema";
import type { Actor } from "#server/auth/actor";
import { actorEmail, recordAudit } from "#server/audit/record-audit";
import type { Database } from "#server/db/client";
import { returnedRow } from "#server/db/rows";
import { participantMessageRecipients, participantMessages } from "#server/db/schema";
import type { MailQueue } from "#server/email/enqueue-email";
import { AppError, parseInput } from "#server/errors";
import { loadManagedEvent } from "#server/events/managed-event";
import { enforceRateLimits } from "#server/security/rate-limits";
import { messageRecipients } from "./queries";
import { m } from "~/paraglide/messages";

export type ParticipantMessage = typeof participantMessages.$inferSelect;

type MessageRequest = { actor: Actor; eventId: unknown; input: unknown };

/**
 * Checks a message as sending it would, short of the rate limit: the input, the event
 * within the actor's reach, and that someone would receive it. The page's "Send to 14
 * people?" step shows this count, and the send command starts with the same check.
 */
export async function prepareParticipantMessage(db: Database, { actor, eventId, input }: MessageRequest) {
  // The event first: another partner's event is "not found" whatever the input says.
  const event = await loadManagedEvent(db, actor, eventId);
  const message = parseInput(participantMessageSchema, input);
  const recipients = await messageRecipients(db, event.id, message);
  if (recipients.length === 0) {
    const noRecipients = m.err_no_recipients();
    throw new AppError("invalid", noRecipients, { fields: { form: noRecipients } });
  }
  return { message, event, recipients };
}

/**
 * Sends a partner's message to the participants of one of their events (or, for an
 * admin, any event): one recipient row and one delivery job per address, the message
 * and an audit row, all in one transaction, so either the whole message is on its way
 * or nothing is. The addresses come from the event's registrations only (see
 * `messageRecipients`); at most 10 messages an hour leave per partner.
 */
export async function sendParticipantMessage(
  { db, jobs }: { db: Database; jobs: MailQueue },
  request: MessageRequest,
): Promise<ParticipantMessage> {
  const { message, event, recipients } = await prepareParticipantMessage(db, request);
  const { actor } = request;
  if (message.confirmedCount !== undefined && Number(message.confirmedCount) !== recipients.length) {
    throw new AppError("conflict", m.err_recipients_changed({ people: peopleCount(recipients.length) }), {
      reason: "recipients_changed",
    });
  }
  // Counted per partner, whoever of its members (or an admin) sends, so a shared inbox
  // of participants is not flooded however many people act for the partner.
  await enforceRateLimits(db, [["participantMessagesPerPartner", event.partnerId]]);

  return db.transaction(async (tx) => {
    const sent = await tx
      .insert(participantMessages)
      .values({
        eventId: event.id,
        sentBy: actor.userId,
        senderEmail: actorEmail(actor),
        subject: message.subject,
        body: message.body,
        audience: message.audience,
        teams: message.teams,
        recipientCount: recipients.length,
      })
      .returning()
      .then(returnedRow);
    const rows = await tx
      .insert(participantMessageRecipients)
      .values(recipients.map((recipient) => ({ messageId: sent.id, ...recipient })))
      .returning({ id: participantMessageRecipients.id });
    for (const row of rows) {
      await jobs.enqueue(tx, "send-participant-message", { recipientId: row.id });
    }
    await recordAudit(tx, actor, {
      action: "event.message_participants",
      entityId: event.id,
      partnerId: event.partnerId,
      // The audit log is kept in English, whoever sends.
      summary: `Messaged ${m.valid_people_count({ count: recipients.length }, { locale: "en" })} about ${event.title}: ${message.subject}`,
    });
    return sent;
  });
}
