/**
 * A partner's message to the teams of its event, as the recipient reads it; its words in
 * the function that builds it (the delivery job and server/http/mail-samples.ts call it).
 */
import { formatDate } from "~/lib/dates";
import type { MailDraft } from "#server/email/templates";
import { why } from "#server/email/reasons";

export type ParticipantMessage = {
  email: string;
  subject: string;
  body: string;
  senderEmail: string;
  eventTitle: string;
  eventStartsAt: Date;
  partnerName: string;
  partnerEmail: string;
};

/** The subject and text as written, then who sent it and why; answers go to the partner. */
export function participantMessageMail(message: ParticipantMessage): MailDraft {
  const paragraphs = message.body
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  const footer = `${message.partnerName} sent this message to the teams registered for ${message.eventTitle} on ${formatDate(message.eventStartsAt)}. Reply to this email to answer ${message.partnerName}.`;
  return {
    to: message.email,
    subject: message.subject,
    replyTo: message.partnerEmail.trim() || message.senderEmail || undefined,
    content: {
      reason: why.participantMessage(message.eventTitle),
      heading: message.subject,
      paragraphs: [...paragraphs, footer],
    },
  };
}
