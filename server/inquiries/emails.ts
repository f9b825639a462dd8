/**
 * The mails of the contact form and of inquiries to partners, each one's words in the
 * function that builds it (the commands and server/http/mail-samples.ts call them).
 */
import { formatDate, formatTime } from "~/lib/dates";
import { BASE_LOCALE, type Locale } from "~/lib/i18n/locale";
import { m } from "~/paraglide/messages";
import { mailIn, type MailDraft } from "#server/email/templates";
import { why } from "#server/email/reasons";

/** The visitor's message as a mail client quotes it, every line behind "> ". */
export function quoteMessage(message: string): string {
  return message
    .split(/\r?\n/)
    .map((line) => (line === "" ? ">" : `> ${line}`))
    .join("\n");
}

export type ContactMessage = {
  name: string;
  email: string;
  company: string | null;
  subject: string;
  message: string;
};

/**
 * A message from the contact page, to RCL's contact inbox, in the inbox's language (its
 * account's, else English); a reply goes to the visitor.
 */
export function contactMessageMail(
  inbox: string,
  message: ContactMessage,
  locale: Locale = BASE_LOCALE,
): MailDraft {
  return mailIn(locale, () => ({
    to: inbox,
    replyTo: message.email,
    subject: m.mail_inquiry_contact_subject({ subject: message.subject }),
    content: {
      reason: why.inbox(),
      heading: m.mail_inquiry_contact_heading(),
      paragraphs: [message.message],
      details: [
        [m.mail_label_name(), message.name],
        [m.mail_label_email(), message.email],
        [m.mail_label_company(), message.company ?? m.mail_none()],
        [m.mail_label_subject(), message.subject],
      ],
    },
  }));
}

export type PartnerInquiry = {
  name: string;
  email: string;
  company: string | null;
  message: string;
  preferredDate: string | null;
  groupSize: number | null;
};

/**
 * An inquiry from a partner's page, to the partner's address, or to RCL's contact inbox
 * for a partner without one, in that address's language (`to.locale`; see
 * `partnerAddressLocale`); a reply goes to the visitor.
 */
export function partnerInquiryMail(
  to: { address: string; inbox: boolean; locale?: Locale },
  partnerName: string,
  inquiry: PartnerInquiry,
): MailDraft {
  return mailIn(to.locale ?? BASE_LOCALE, () => ({
    to: to.address,
    replyTo: inquiry.email,
    subject: m.mail_inquiry_partner_subject({ name: inquiry.name }),
    content: {
      reason: to.inbox ? why.inbox() : why.partnerAddress(partnerName),
      heading: m.mail_inquiry_partner_heading({ partnerName }),
      paragraphs: [inquiry.message, m.mail_inquiry_partner_reply_hint()],
      details: [
        [m.mail_label_name(), inquiry.name],
        [m.mail_label_email(), inquiry.email],
        [m.mail_label_company(), inquiry.company ?? m.mail_none()],
        [m.mail_label_preferred_date(), inquiry.preferredDate ?? m.mail_none()],
        [m.mail_label_group_size(), inquiry.groupSize === null ? m.mail_none() : String(inquiry.groupSize)],
      ],
    },
  }));
}

/**
 * The subject the visitor's answer carries: the one they wrote, or for an inquiry from a
 * partner's page (stored as "Inquiry for …", in English, for the partner's list) the same
 * words in the visitor's language.
 */
function replySubject(subject: string | null, partnerName: string): string {
  if (!subject) return m.mail_inquiry_reply_default_subject({ partnerName });
  if (subject === m.mail_inquiry_stored_subject({ partnerName }, { locale: BASE_LOCALE })) {
    return m.mail_inquiry_stored_subject({ partnerName });
  }
  return subject;
}

/** The partner's answer to the visitor, with the visitor's message quoted below it. */
export function inquiryReplyMail({
  inquiry,
  partnerName,
  reply,
  replyTo,
}: {
  inquiry: { email: string; subject: string | null; message: string; createdAt: Date; language?: Locale };
  partnerName: string;
  reply: string;
  /** Where the visitor's answer goes: the partner's address, or the replying person's. */
  replyTo: string | undefined;
}): MailDraft {
  // In the language the visitor wrote in (ADR 033); the partner's reply as written.
  return mailIn(inquiry.language ?? BASE_LOCALE, () => ({
    to: inquiry.email,
    ...(replyTo ? { replyTo } : {}),
    subject: m.mail_inquiry_reply_subject({ subject: replySubject(inquiry.subject, partnerName) }),
    content: {
      reason: why.inquiry(),
      heading: m.mail_inquiry_reply_heading({ partnerName }),
      paragraphs: [
        reply,
        m.mail_inquiry_reply_hint({ partnerName }),
        m.mail_inquiry_reply_you_wrote({
          date: formatDate(inquiry.createdAt),
          time: formatTime(inquiry.createdAt),
        }),
        quoteMessage(inquiry.message),
      ],
    },
  }));
}
