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
import type { partnerMemberRole } from "#server/db/schema";

/** An absolute link to a public page of the site, in `locale`'s version of it. */
function inLanguage(url: string, locale: Locale): string {
  const link = new URL(url);
  return `${link.origin}${localizedPath(`${link.pathname}${link.search}${link.hash}`, locale)}`;
}

/** A partner membership's kind: a full member, or check-in staff (ADR 038). */
type MemberRole = (typeof partnerMemberRole.enumValues)[number];

/**
 * What each kind of membership is told: a member is invited to the partner's dashboard,
 * check-in staff to check teams in, from their own dashboard.
 */
const WORDS = {
  member: {
    invitationSubject: m.mail_invitation_subject,
    invitationHeading: m.mail_invitation_heading,
    invitationLead: m.mail_invitation_lead,
    grantedSubject: m.mail_invitation_granted_subject,
    grantedHeading: m.mail_invitation_granted_heading,
    grantedLead: m.mail_invitation_granted_lead,
    grantedAction: m.mail_action_partner_dashboard,
    landing: "/dashboard/partner",
  },
  check_in: {
    invitationSubject: m.mail_check_in_invitation_subject,
    invitationHeading: m.mail_check_in_invitation_heading,
    invitationLead: m.mail_check_in_invitation_lead,
    grantedSubject: m.mail_check_in_granted_subject,
    grantedHeading: m.mail_check_in_invitation_heading,
    grantedLead: m.mail_check_in_granted_lead,
    grantedAction: m.mail_action_sign_in,
    landing: "/dashboard",
  },
} satisfies Record<MemberRole, unknown>;

/** The single-use link to set a password and join the partner, as a member or as staff. */
export function partnerInvitationMail(
  role: MemberRole,
  to: string,
  partnerName: string,
  url: string,
  locale: Locale = BASE_LOCALE,
): MailDraft {
  const words = WORDS[role];
  return mailIn(locale, () => ({
    to,
    subject: words.invitationSubject({ partnerName }),
    content: {
      reason: why.partnerMember(),
      heading: words.invitationHeading({ partnerName }),
      paragraphs: [words.invitationLead({ partnerName }), m.mail_invitation_link_hint()],
      action: { label: m.mail_invitation_action(), url: inLanguage(url, locale) },
    },
  }));
}

const signInTo = (landing: string, baseUrl: string, locale: Locale) =>
  `${baseUrl}${localizedPath(`/login?redirectTo=${landing}`, locale)}`;

/** To someone who already has a password: the account now reaches the partner. */
export function partnerAccessGrantedMail(
  role: MemberRole,
  to: string,
  partnerName: string,
  baseUrl: string,
  locale: Locale = BASE_LOCALE,
): MailDraft {
  const words = WORDS[role];
  return mailIn(locale, () => ({
    to,
    subject: words.grantedSubject({ partnerName }),
    content: {
      reason: why.partnerMember(),
      heading: words.grantedHeading({ partnerName }),
      paragraphs: [words.grantedLead({ partnerName })],
      action: { label: words.grantedAction(), url: signInTo(words.landing, baseUrl, locale) },
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
      action: { label: m.mail_action_sign_in(), url: signInTo(WORDS.member.landing, baseUrl, locale) },
    },
  }));
}
