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
} as const;

export type ToastKey = keyof typeof TOAST_MESSAGES;

export function isToastKey(value: unknown): value is ToastKey {
  return typeof value === "string" && Object.hasOwn(TOAST_MESSAGES, value);
}
