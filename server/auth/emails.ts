/**
 * The account mails: each one's words in the function that builds it, which better-auth's
 * callbacks, the admin's resend and the development preview (server/http/mail-samples.ts) call.
 */
import type { MailDraft } from "#server/email/templates";
import { why } from "#server/email/reasons";

/** The verification mail, for the link better-auth makes at sign-up and the one an admin resends. */
export function verificationMail(to: string, url: string): MailDraft {
  return {
    to,
    subject: "Verify your email address",
    content: {
      reason: why.account,
      heading: "Welcome to Rethink Corporate Life",
      paragraphs: [
        "Please confirm your email address to activate your account. The link works for 24 hours.",
      ],
      action: { label: "Verify my email address", url },
    },
  };
}

/** The link to choose a new password, which better-auth makes when someone asks for it. */
export function passwordResetMail(to: string, url: string): MailDraft {
  return {
    to,
    subject: "Reset your Rethink Corporate Life password",
    content: {
      reason: why.account,
      heading: "Reset your password",
      paragraphs: [
        "Someone asked to reset the password of your Rethink Corporate Life account.",
        "The link works once and expires in one hour. If you did not ask for it, you can ignore this email.",
      ],
      action: { label: "Choose a new password", url },
    },
  };
}

/** To the owner of an address someone tried to sign up with again. */
export function existingAccountMail(to: string, baseUrl: string): MailDraft {
  return {
    to,
    subject: "Someone tried to sign up with your email address",
    content: {
      reason: why.account,
      heading: "You already have an account",
      paragraphs: [
        "Someone just tried to create a Rethink Corporate Life account with this email address, which already has one.",
        "If it was you, sign in instead, or reset your password if you have forgotten it. If it was not you, no action is needed.",
      ],
      action: { label: "Sign in", url: `${baseUrl}/login` },
    },
  };
}
