/**
 * The account mails: each one's words in the function that builds it, which better-auth's
 * callbacks, the admin's resend and the development preview (server/http/mail-samples.ts) call.
 * Each is in `locale`, the language of the account's profile (or, before it has one, of
 * the page that sent the mail).
 */
import { BASE_LOCALE, localizedPath, type Locale } from "~/lib/i18n/locale";
import { m } from "~/paraglide/messages";
import { mailIn, type MailDraft } from "#server/email/templates";
import { why } from "#server/email/reasons";

/** The verification mail, for the link better-auth makes at sign-up and the one an admin resends. */
export function verificationMail(to: string, url: string, locale: Locale = BASE_LOCALE): MailDraft {
  return mailIn(locale, () => ({
    to,
    subject: m.mail_account_verify_subject(),
    content: {
      reason: why.account(),
      heading: m.mail_account_verify_heading(),
      paragraphs: [m.mail_account_verify_body()],
      action: { label: m.mail_account_verify_action(), url },
    },
  }));
}

/** The link to choose a new password, which better-auth makes when someone asks for it. */
export function passwordResetMail(to: string, url: string, locale: Locale = BASE_LOCALE): MailDraft {
  return mailIn(locale, () => ({
    to,
    subject: m.mail_account_reset_subject(),
    content: {
      reason: why.account(),
      heading: m.mail_account_reset_heading(),
      paragraphs: [m.mail_account_reset_asked(), m.mail_account_reset_expiry()],
      action: { label: m.mail_account_reset_action(), url },
    },
  }));
}

/** To the owner of an address someone tried to sign up with again. */
export function existingAccountMail(to: string, baseUrl: string, locale: Locale = BASE_LOCALE): MailDraft {
  return mailIn(locale, () => ({
    to,
    subject: m.mail_account_existing_subject(),
    content: {
      reason: why.account(),
      heading: m.mail_account_existing_heading(),
      paragraphs: [m.mail_account_existing_tried(), m.mail_account_existing_next()],
      action: { label: m.mail_action_sign_in(), url: `${baseUrl}${localizedPath("/login", locale)}` },
    },
  }));
}
