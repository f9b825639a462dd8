/**
 * The mails to a partner's members about what an admin decided for the partner, each one's
 * words in the function that builds it (the commands and server/http/mail-samples.ts call them).
 */
import type { MailDraft } from "#server/email/templates";
import { why } from "#server/email/reasons";

/** The listing is suspended (`suspended`), or the suspension is lifted. */
export function partnerStatusMail(
  to: string,
  partnerName: string,
  suspended: boolean,
  baseUrl: string,
): MailDraft {
  return suspended
    ? {
        to,
        subject: `${partnerName} is paused on Rethink Corporate Life`,
        content: {
          reason: why.partnerMember,
          heading: `${partnerName} is no longer shown on Rethink Corporate Life`,
          paragraphs: [
            `We have suspended ${partnerName}'s listing. Its partner page and events are hidden from the public site, and no new teams can book them. Teams already booked keep their bookings.`,
            "Reply to this email if you have questions or want to discuss the next steps.",
          ],
        },
      }
    : {
        to,
        subject: `${partnerName} is live again on Rethink Corporate Life`,
        content: {
          reason: why.partnerMember,
          heading: `${partnerName} is back on Rethink Corporate Life`,
          paragraphs: [
            `The suspension has been lifted: ${partnerName}'s page and published events are public again.`,
          ],
          action: { label: "Open the partner dashboard", url: `${baseUrl}/dashboard/partner` },
        },
      };
}
