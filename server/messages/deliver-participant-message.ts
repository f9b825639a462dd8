import { and, eq, ne, sql } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { eventSummaryColumns } from "#server/events/queries";
import { events, participantMessageRecipients, participantMessages, partners } from "#server/db/schema";
import { renderMail } from "#server/email/enqueue-email";
import { participantLocaleOf } from "#server/email/recipients";
import type { Mailer } from "#server/email/mailer";
import { participantMessageMail } from "./emails";
import { QUEUES } from "#server/jobs/queues";
import { pickText } from "~/lib/content-language";

/** Long SMTP answers are cut, so one recipient's row stays small. */
const MAX_ERROR_LENGTH = 1_000;

/**
 * The `send-participant-message` job: mails one recipient the message as the partner
 * wrote it, answers going to the partner, and records the outcome on the recipient's
 * row. A failed try is counted and rethrown, so the queue retries it; after the queue's
 * last retry the row is marked failed. A row already delivered is left alone, so a job
 * that runs again (its worker died after sending) does not mail twice from here.
 */
export async function deliverParticipantMessage(
  { db, mailer }: { db: Database; mailer: Mailer },
  { recipientId }: { recipientId: string },
): Promise<void> {
  const [row] = await db
    .select({
      status: participantMessageRecipients.status,
      email: participantMessageRecipients.email,
      subject: participantMessages.subject,
      body: participantMessages.body,
      senderEmail: participantMessages.senderEmail,
      ...eventSummaryColumns,
      eventLanguage: events.language,
      eventTitleTranslation: events.titleTranslation,
      partnerEmail: partners.email,
      // The mail's own words are in the language of the recipient's booking (ADR 033).
      language: participantLocaleOf(events.id, participantMessageRecipients.email),
    })
    .from(participantMessageRecipients)
    .innerJoin(participantMessages, eq(participantMessages.id, participantMessageRecipients.messageId))
    .innerJoin(events, eq(events.id, participantMessages.eventId))
    .innerJoin(partners, eq(partners.id, events.partnerId))
    .where(eq(participantMessageRecipients.id, recipientId));
  // Gone with its event (deleted, cascading) or already sent: nothing left to do.
  if (!row || row.status === "delivered") return;

  // The event's title in the recipient's language where the partner translated it (ADR 034).
  const { eventLanguage, eventTitleTranslation, ...message } = row;
  const eventTitle = pickText(row.language, eventLanguage, row.eventTitle, eventTitleTranslation).value;
  try {
    await mailer.send(await renderMail(db, participantMessageMail({ ...message, eventTitle })));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const attempts = sql`${participantMessageRecipients.attempts} + 1`;
    await db
      .update(participantMessageRecipients)
      .set({
        attempts,
        lastError: message.slice(0, MAX_ERROR_LENGTH),
        // The first try is not a retry: after retryLimit + 1 tries the queue gives up too.
        status: sql`case when ${attempts} > ${QUEUES["send-participant-message"].retryLimit}
          then 'failed'::delivery_status else ${participantMessageRecipients.status} end`,
      })
      .where(eq(participantMessageRecipients.id, recipientId));
    throw error;
  }
  await db
    .update(participantMessageRecipients)
    .set({ status: "delivered", deliveredAt: new Date() })
    .where(
      and(
        eq(participantMessageRecipients.id, recipientId),
        ne(participantMessageRecipients.status, "delivered"),
      ),
    );
}
