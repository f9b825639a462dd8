/**
 * The mails of a partner application, each one's words in the function that builds it
 * (the commands and server/http/mail-samples.ts call them). The applicant's are in the
 * language they applied in; the inbox's in the inbox's.
 */
import { BASE_LOCALE, type Locale } from "~/lib/i18n/locale";
import type { applicationFacts, OrganizationType } from "~/lib/organization-types";
import { m } from "~/paraglide/messages";
import { mailIn, type MailDraft } from "#server/email/templates";
import { why } from "#server/email/reasons";

type Application = Parameters<typeof applicationFacts>[0] & {
  organizationName: string;
  description: string;
  message: string;
  /** The language the application was made in (ADR 033); English when not given. */
  language?: Locale;
};

const ORGANIZATION_TYPE_LABELS: Record<OrganizationType, () => string> = {
  rowing_club: m.mail_application_type_rowing_club,
  event_organiser: m.mail_application_type_event_organiser,
  venue: m.mail_application_type_venue,
  coaching_service: m.mail_application_type_coaching_service,
};

/** The application's answers as label and value, as the admin's review lists them (applicationFacts). */
function facts(application: Application): [string, string][] {
  return [
    [m.mail_label_type(), ORGANIZATION_TYPE_LABELS[application.organizationType]()],
    [m.mail_label_location(), application.location],
    [m.mail_label_website(), application.website ?? m.mail_none()],
    [m.mail_label_contact(), application.contactName],
    [m.mail_label_email(), application.email],
    [m.mail_label_phone(), application.phone ?? m.mail_none()],
  ];
}

/** To RCL's contact inbox: a new application to review; a reply goes to the applicant. */
export function applicationReceivedMail(
  inbox: string,
  application: Application,
  locale: Locale = BASE_LOCALE,
): MailDraft {
  return mailIn(locale, () => ({
    to: inbox,
    replyTo: application.email,
    subject: m.mail_application_received_subject({ organizationName: application.organizationName }),
    content: {
      reason: why.inbox(),
      heading: m.mail_application_received_heading(),
      paragraphs: [application.description, application.message],
      details: [[m.mail_label_organisation(), application.organizationName], ...facts(application)],
    },
  }));
}

/**
 * The applicant's record of what they sent and what happens next (the apply page promises
 * a reply within five working days); a reply goes to the contact inbox.
 */
export function applicationAcknowledgementMail(application: Application, inbox: string): MailDraft {
  const { organizationName, contactName } = application;
  return mailIn(application.language ?? BASE_LOCALE, () => ({
    to: application.email,
    replyTo: inbox,
    subject: m.mail_application_ack_subject({ organizationName }),
    content: {
      reason: why.application(),
      heading: m.mail_application_ack_heading(),
      paragraphs: [
        m.mail_application_dear({ contactName }),
        m.mail_application_ack_received({ organizationName }),
        m.mail_application_ack_next(),
        m.mail_application_ack_reply(),
      ],
    },
  }));
}

/** The applicant hears the admin's reason for declining, as written. */
export function applicationDeclinedMail(
  application: { email: string; contactName: string; organizationName: string; language?: Locale },
  reason: string,
): MailDraft {
  const { organizationName, contactName } = application;
  return mailIn(application.language ?? BASE_LOCALE, () => ({
    to: application.email,
    subject: m.mail_application_declined_subject({ organizationName }),
    content: {
      reason: why.application(),
      heading: m.mail_application_declined_heading(),
      paragraphs: [
        m.mail_application_dear({ contactName }),
        m.mail_application_declined_lead({ organizationName }),
        reason,
        m.mail_application_declined_again(),
      ],
    },
  }));
}
