import { publishedStaysPublic } from "~/lib/words/review";

/**
 * Messages shown as a toast on the page a redirect leads to. Only these keys travel in
 * the cookie, so nobody can make the site display text of their own.
 */
export const TOAST_MESSAGES = {
  "logged-out": "You've been logged out successfully",
  "password-reset": "Your password has been changed. Please sign in with the new one.",
  "password-changed": "Your password has been changed. You have been signed out on other devices.",
  "account-deleted": "Your account and personal data have been deleted.",
  "profile-saved": "Your profile has been saved.",
  "partner-profile-saved": "Your partner profile has been saved.",
  "signed-up": "Registration successful! Please check your email to verify your account.",
  "booking-saved": "Your booking has been saved.",
  "booking-cancelled":
    "Your booking has been cancelled. If the team held a spot, it has gone to the waitlist.",
  "contact-sent": "Thank you! Your message has been sent. We will get back to you soon.",
  "inquiry-sent": "Thank you! Your inquiry has been sent to the partner, who will reply by email.",
  "application-approved":
    "The application is approved: the partner is live and its contact has been invited.",
  "application-declined": "The application is declined and the applicant has been emailed the reason.",
  "partner-created": "The partner has been created and its first member invited.",
  "partner-settings-saved": "The partner's settings have been saved.",
  "member-invited": "The invitation has been sent.",
  "member-removed": "The member has been removed from the partner.",
  "invitation-accepted": "Welcome! Your password is set and you are signed in.",
  "event-created": "Your event is saved as a draft. Submit it for review when it is ready.",
  "event-saved": "Your event has been saved.",
  "event-change-saved": `Your changes are saved. ${publishedStaysPublic()}`,
  "event-submitted": "Your event has been submitted for review. We will email you when it is decided.",
  "event-cancelled": "The event has been cancelled and every registered team has been emailed.",
  "event-deleted": "The draft event has been deleted.",
  "event-approved": "The event is approved and its partner has been emailed.",
  "event-changes-requested": "The partner has been asked for changes and emailed your note.",
  "event-unpublished": "The event is no longer public and its partner has been emailed the reason.",
  "registration-cancelled": "The team's registration is cancelled and its captain has been emailed.",
  "registration-confirmed": "The team is confirmed and its captain has been emailed.",
  "registration-moved": "The team has been moved and its captain has been emailed.",
  "message-sent": "Your message is queued for sending. Its delivery shows in the history below.",
  "inquiry-replied": "Your reply has been emailed.",
  "inquiry-archived": "The inquiry has been archived.",
  "inquiry-reopened": "The inquiry is back among your open inquiries.",
  "settings-saved": "The site settings are saved. The public pages show them now.",
  "user-role-changed": "The role has been changed.",
  "user-linked": "The person now acts for the partner.",
  "user-unlinked": "The person no longer acts for the partner.",
  "user-disabled": "The account is disabled and its sessions have ended.",
  "user-enabled": "The account can sign in again.",
  "verification-resent": "A new verification link has been emailed.",
  "user-deleted": "The account and its personal data have been deleted.",
} as const;

export type ToastKey = keyof typeof TOAST_MESSAGES;

export function isToastKey(value: unknown): value is ToastKey {
  return typeof value === "string" && Object.hasOwn(TOAST_MESSAGES, value);
}
