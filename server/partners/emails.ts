/**
 * The mails to a partner's members about what an admin decided for the partner, each one's
 * words in the function that builds it (the commands and server/http/mail-samples.ts call them),
 * in the member's language.
 */
import { m } from "~/paraglide/messages";
import type { Recipient } from "#server/email/recipients";
import { mailIn, type MailDraft } from "#server/email/templates";
import { why } from "#server/email/reasons";

/** The listing is suspended (`suspended`), or the suspension is lifted. */
export function partnerStatusMail(
  { email: to, locale }: Recipient,
  partnerName: string,
  suspended: boolean,
  baseUrl: string,
): MailDraft {
  return mailIn(locale, () =>
    suspended
      ? {
          to,
          subject: m.mail_partner_paused_subject({ partnerName }),
          content: {
            reason: why.partnerMember(),
            heading: m.mail_partner_paused_heading({ partnerName }),
            paragraphs: [m.mail_partner_paused_lead({ partnerName }), m.mail_partner_paused_reply()],
          },
        }
      : {
          to,
          subject: m.mail_partner_restored_subject({ partnerName }),
          content: {
            reason: why.partnerMember(),
            heading: m.mail_partner_restored_heading({ partnerName }),
            paragraphs: [m.mail_partner_restored_lead({ partnerName })],
            action: { label: m.mail_action_partner_dashboard(), url: `${baseUrl}/dashboard/partner` },
          },
        },
  );
}
