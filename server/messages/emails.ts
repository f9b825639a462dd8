/**
 * A partner's message to the teams of its event, as the recipient reads it; its words in
 * the function that builds it (the delivery job and server/http/mail-samples.ts call it).
 */
import { formatDate } from "~/lib/dates";
import { BASE_LOCALE, type Locale } from "~/lib/i18n/locale";
import { m } from "~/paraglide/messages";
import { mailIn, type MailDraft } from "#server/email/templates";
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
  /** The recipient's language: their team's booking's (see ./deliver-participant-message). */
  language?: Locale;
};

/**
 * The subject and text as written, then who sent it and why, in the recipient's
 * language; answers go to the partner.
 */
export function participantMessageMail(message: ParticipantMessage): MailDraft {
  const paragraphs = message.body
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  return mailIn(message.language ?? BASE_LOCALE, () => {
    const footer = m.mail_participant_footer({
      partnerName: message.partnerName,
      eventTitle: message.eventTitle,
      date: formatDate(message.eventStartsAt),
    });
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
  });
}
