/**
 * The mails of the contact form and of inquiries to partners, each one's words in the
 * function that builds it (the commands and server/http/mail-samples.ts call them).
 */
import { formatDate, formatTime } from "~/lib/dates";
import type { MailDraft } from "#server/email/templates";
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

/** A message from the contact page, to RCL's contact inbox; a reply goes to the visitor. */
export function contactMessageMail(inbox: string, message: ContactMessage): MailDraft {
  return {
    to: inbox,
    replyTo: message.email,
    subject: `Contact form: ${message.subject}`,
    content: {
      reason: why.inbox,
      heading: "New message from the contact form",
      paragraphs: [message.message],
      details: [
        ["Name", message.name],
        ["Email", message.email],
        ["Company", message.company ?? "(none)"],
        ["Subject", message.subject],
      ],
    },
  };
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
 * for a partner without one; a reply goes to the visitor.
 */
export function partnerInquiryMail(
  to: { address: string; inbox: boolean },
  partnerName: string,
  inquiry: PartnerInquiry,
): MailDraft {
  return {
    to: to.address,
    replyTo: inquiry.email,
    subject: `New inquiry through Rethink Corporate Life: ${inquiry.name}`,
    content: {
      reason: to.inbox ? why.inbox : why.partnerAddress(partnerName),
      heading: `A new inquiry for ${partnerName}`,
      paragraphs: [inquiry.message, "Reply to this email to answer the person directly."],
      details: [
        ["Name", inquiry.name],
        ["Email", inquiry.email],
        ["Company", inquiry.company ?? "(none)"],
        ["Preferred date", inquiry.preferredDate ?? "(none)"],
        ["Group size", inquiry.groupSize === null ? "(none)" : String(inquiry.groupSize)],
      ],
    },
  };
}

/** The partner's answer to the visitor, with the visitor's message quoted below it. */
export function inquiryReplyMail({
  inquiry,
  partnerName,
  reply,
  replyTo,
}: {
  inquiry: { email: string; subject: string | null; message: string; createdAt: Date };
  partnerName: string;
  reply: string;
  /** Where the visitor's answer goes: the partner's address, or the replying person's. */
  replyTo: string | undefined;
}): MailDraft {
  return {
    to: inquiry.email,
    ...(replyTo ? { replyTo } : {}),
    subject: `Re: ${inquiry.subject || `Your inquiry to ${partnerName}`}`,
    content: {
      reason: why.inquiry,
      heading: `${partnerName} has answered your inquiry`,
      paragraphs: [
        reply,
        `Reply to this email to write to ${partnerName}.`,
        `On ${formatDate(inquiry.createdAt)} at ${formatTime(inquiry.createdAt)}, you wrote:`,
        quoteMessage(inquiry.message),
      ],
    },
  };
}
