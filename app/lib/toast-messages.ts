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
  "event-change-saved":
    "Your changes are saved. The published event stays as it is until the changes are approved.",
  "event-submitted": "Your event has been submitted for review. We will email you when it is decided.",
  "event-cancelled": "The event has been cancelled and every registered team has been emailed.",
  "event-deleted": "The draft event has been deleted.",
  "event-approved": "The event is approved and its partner has been emailed.",
  "event-changes-requested": "The partner has been asked for changes and emailed your note.",
  "event-unpublished": "The event is no longer public and its partner has been emailed the reason.",
} as const;

export type ToastKey = keyof typeof TOAST_MESSAGES;

export function isToastKey(value: unknown): value is ToastKey {
  return typeof value === "string" && Object.hasOwn(TOAST_MESSAGES, value);
}
