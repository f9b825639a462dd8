/**
 * The mails that give someone access to a partner's dashboard, each one's words in the
 * function that builds it (the commands and server/http/mail-samples.ts call them).
 */
import type { MailDraft } from "#server/email/templates";
import { why } from "#server/email/reasons";

/** The single-use link to set a password and join the partner. */
export function partnerInvitationMail(to: string, partnerName: string, url: string): MailDraft {
  return {
    to,
    subject: `You are invited to manage ${partnerName} on Rethink Corporate Life`,
    content: {
      reason: why.partnerMember,
      heading: `Welcome to Rethink Corporate Life, ${partnerName}`,
      paragraphs: [
        `You have been invited to manage ${partnerName} on Rethink Corporate Life: your partner profile, your events and the teams that book them.`,
        "Choose a password with the link below to open your partner dashboard. The link works once and expires in 7 days; the page it opens lets you ask for a new one.",
      ],
      action: { label: "Set your password", url },
    },
  };
}

/** To someone who already has a password: the account now reaches the partner. */
export function partnerAccessGrantedMail(to: string, partnerName: string, baseUrl: string): MailDraft {
  return {
    to,
    subject: `You can now manage ${partnerName} on Rethink Corporate Life`,
    content: {
      reason: why.partnerMember,
      heading: `Welcome to ${partnerName}'s partner dashboard`,
      paragraphs: [
        `Your Rethink Corporate Life account now has access to ${partnerName}. Sign in with your usual password to edit the partner profile and run its events.`,
      ],
      action: {
        label: "Open the partner dashboard",
        url: `${baseUrl}/login?redirectTo=/dashboard/partner`,
      },
    },
  };
}

/** Asked for a new invitation link, but the account has a password: sign in instead. */
export function passwordAlreadySetMail(to: string, partnerName: string, baseUrl: string): MailDraft {
  return {
    to,
    subject: "Your Rethink Corporate Life account is ready",
    content: {
      reason: why.account,
      heading: "Your password is already set",
      paragraphs: [
        `Your account already has a password, so you can sign in to manage ${partnerName}. If you have forgotten it, reset it from the sign-in page.`,
      ],
      action: { label: "Sign in", url: `${baseUrl}/login?redirectTo=/dashboard/partner` },
    },
  };
}
