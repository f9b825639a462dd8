/**
 * The mails that give someone access to a partner's dashboard, each one's words in the
 * function that builds it (the commands and server/http/mail-samples.ts call them), in
 * `locale`: the account's language, or for an invitation to someone without one, the
 * language of the page it was sent from.
 */
import { BASE_LOCALE, localizedPath, type Locale } from "~/lib/i18n/locale";
import { m } from "~/paraglide/messages";
import { mailIn, type MailDraft } from "#server/email/templates";
import { why } from "#server/email/reasons";

/** An absolute link to a public page of the site, in `locale`'s version of it. */
function inLanguage(url: string, locale: Locale): string {
  const link = new URL(url);
  return `${link.origin}${localizedPath(`${link.pathname}${link.search}${link.hash}`, locale)}`;
}

/** The single-use link to set a password and join the partner. */
export function partnerInvitationMail(
  to: string,
  partnerName: string,
  url: string,
  locale: Locale = BASE_LOCALE,
): MailDraft {
  return mailIn(locale, () => ({
    to,
    subject: m.mail_invitation_subject({ partnerName }),
    content: {
      reason: why.partnerMember(),
      heading: m.mail_invitation_heading({ partnerName }),
      paragraphs: [m.mail_invitation_lead({ partnerName }), m.mail_invitation_link_hint()],
      action: { label: m.mail_invitation_action(), url: inLanguage(url, locale) },
    },
  }));
}

const partnerSignIn = (baseUrl: string, locale: Locale) =>
  `${baseUrl}${localizedPath("/login?redirectTo=/dashboard/partner", locale)}`;

/** To someone who already has a password: the account now reaches the partner. */
export function partnerAccessGrantedMail(
  to: string,
  partnerName: string,
  baseUrl: string,
  locale: Locale = BASE_LOCALE,
): MailDraft {
  return mailIn(locale, () => ({
    to,
    subject: m.mail_invitation_granted_subject({ partnerName }),
    content: {
      reason: why.partnerMember(),
      heading: m.mail_invitation_granted_heading({ partnerName }),
      paragraphs: [m.mail_invitation_granted_lead({ partnerName })],
      action: { label: m.mail_action_partner_dashboard(), url: partnerSignIn(baseUrl, locale) },
    },
  }));
}

/** The single-use link to set a password and check teams in for the partner (ADR 038). */
export function checkInInvitationMail(
  to: string,
  partnerName: string,
  url: string,
  locale: Locale = BASE_LOCALE,
): MailDraft {
  return mailIn(locale, () => ({
    to,
    subject: m.mail_check_in_invitation_subject({ partnerName }),
    content: {
      reason: why.partnerMember(),
      heading: m.mail_check_in_invitation_heading({ partnerName }),
      paragraphs: [m.mail_check_in_invitation_lead({ partnerName }), m.mail_invitation_link_hint()],
      action: { label: m.mail_invitation_action(), url: inLanguage(url, locale) },
    },
  }));
}

/** To check-in staff who already have a password: their dashboard lists the partner's events. */
export function checkInAccessGrantedMail(
  to: string,
  partnerName: string,
  baseUrl: string,
  locale: Locale = BASE_LOCALE,
): MailDraft {
  return mailIn(locale, () => ({
    to,
    subject: m.mail_check_in_granted_subject({ partnerName }),
    content: {
      reason: why.partnerMember(),
      heading: m.mail_check_in_invitation_heading({ partnerName }),
      paragraphs: [m.mail_check_in_granted_lead({ partnerName })],
      action: {
        label: m.mail_action_sign_in(),
        url: `${baseUrl}${localizedPath("/login?redirectTo=/dashboard", locale)}`,
      },
    },
  }));
}

/** Asked for a new invitation link, but the account has a password: sign in instead. */
export function passwordAlreadySetMail(
  to: string,
  partnerName: string,
  baseUrl: string,
  locale: Locale = BASE_LOCALE,
): MailDraft {
  return mailIn(locale, () => ({
    to,
    subject: m.mail_invitation_password_set_subject(),
    content: {
      reason: why.account(),
      heading: m.mail_invitation_password_set_heading(),
      paragraphs: [m.mail_invitation_password_set_lead({ partnerName })],
      action: { label: m.mail_action_sign_in(), url: partnerSignIn(baseUrl, locale) },
    },
  }));
}
