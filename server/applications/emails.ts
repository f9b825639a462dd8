/**
 * The mails of a partner application, each one's words in the function that builds it
 * (the commands and server/http/mail-samples.ts call them).
 */
import { applicationFacts } from "~/lib/organization-types";
import type { MailDraft } from "#server/email/templates";
import { why } from "#server/email/reasons";

type Application = Parameters<typeof applicationFacts>[0] & {
  organizationName: string;
  description: string;
  message: string;
};

/** To RCL's contact inbox: a new application to review; a reply goes to the applicant. */
export function applicationReceivedMail(inbox: string, application: Application): MailDraft {
  return {
    to: inbox,
    replyTo: application.email,
    subject: `Partner application: ${application.organizationName}`,
    content: {
      reason: why.inbox,
      heading: "A new partner application is waiting for review",
      paragraphs: [application.description, application.message],
      details: [["Organisation", application.organizationName], ...applicationFacts(application)],
    },
  };
}

/**
 * The applicant's record of what they sent and what happens next (the apply page promises
 * a reply within five working days); a reply goes to the contact inbox, when there is one.
 */
export function applicationAcknowledgementMail(application: Application, inbox: string | null): MailDraft {
  return {
    to: application.email,
    ...(inbox ? { replyTo: inbox } : {}),
    subject: `We have received your application for ${application.organizationName}`,
    content: {
      reason: why.application,
      heading: "Thank you for applying to Rethink Corporate Life",
      paragraphs: [
        `Dear ${application.contactName},`,
        `We have received your application to list ${application.organizationName} on Rethink Corporate Life.`,
        "We review every application and will reply within five working days. If we approve it, you will receive a link to set up your partner account and your page; if not, we will tell you why.",
        "Reply to this email if you want to add anything in the meantime.",
      ],
    },
  };
}

/** The applicant hears the admin's reason for declining, as written. */
export function applicationDeclinedMail(
  application: { email: string; contactName: string; organizationName: string },
  reason: string,
): MailDraft {
  return {
    to: application.email,
    subject: `Your partner application for ${application.organizationName}`,
    content: {
      reason: why.application,
      heading: "About your application to Rethink Corporate Life",
      paragraphs: [
        `Dear ${application.contactName},`,
        `Thank you for applying to list ${application.organizationName} on Rethink Corporate Life. We have decided not to go ahead with the partnership for now, for this reason:`,
        reason,
        "You are welcome to apply again when things change. Reply to this email if you have questions.",
      ],
    },
  };
}
