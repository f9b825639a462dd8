import { publishedStaysPublic } from "~/lib/words/review";
import { m } from "~/paraglide/messages";

/**
 * Messages shown as a toast on the page a redirect leads to. Only these keys travel in
 * the cookie, so nobody can make the site display text of their own. Each gives its
 * message in the page's language when it is called.
 */
export const TOAST_MESSAGES = {
  "logged-out": m.toast_logged_out,
  "password-reset": m.toast_password_reset,
  "password-changed": m.toast_password_changed,
  "account-deleted": m.toast_account_deleted,
  "profile-saved": m.toast_profile_saved,
  "partner-profile-saved": m.toast_partner_profile_saved,
  "billing-profile-saved": m.billing_toast_saved,
  "vat-status-confirmed": m.billing_toast_vat_confirmed,
  "invoice-payment-recorded": m.invoice_toast_payment_recorded,
  "invoice-credited": m.invoice_toast_credited,
  "discount-code-created": m.discount_codes_toast_created,
  "discount-code-disabled": m.discount_codes_toast_disabled,
  "bank-line-matched": m.bank_toast_line_matched,
  "signed-up": m.toast_signed_up,
  "booking-saved": m.toast_booking_saved,
  "booking-cancelled": m.toast_booking_cancelled,
  "contact-sent": m.toast_contact_sent,
  "inquiry-sent": m.toast_inquiry_sent,
  "application-approved": m.toast_application_approved,
  "application-declined": m.toast_application_declined,
  "partner-created": m.toast_partner_created,
  "partner-settings-saved": m.toast_partner_settings_saved,
  "member-invited": m.toast_member_invited,
  "staff-invited": m.toast_staff_invited,
  "staff-removed": m.toast_staff_removed,
  "weather-limits-saved": m.toast_weather_limits_saved,
  "forecast-fetched": m.toast_forecast_fetched,
  "forecast-failed": m.toast_forecast_failed,
  "seat-confirmed": m.toast_seat_confirmed,
  "declaration-accepted": m.toast_declaration_accepted,
  "seat-link-sent": m.toast_seat_link_sent,
  "answers-saved": m.toast_answers_saved,
  "reminders-stopped": m.toast_reminders_stopped,
  "reminders-resumed": m.toast_reminders_resumed,
  "declaration-saved": m.toast_declaration_saved,
  "declaration-unchanged": m.toast_declaration_unchanged,
  "member-removed": m.toast_member_removed,
  "invitation-accepted": m.toast_invitation_accepted,
  "event-created": m.toast_event_created,
  "event-saved": m.toast_event_saved,
  "event-change-saved": () => `${m.toast_event_change_saved()} ${publishedStaysPublic()}`,
  "event-submitted": m.toast_event_submitted,
  "event-cancelled": m.toast_event_cancelled,
  "weather-go": m.toast_weather_go,
  "weather-moved": m.toast_weather_moved,
  "weather-cancelled": m.toast_weather_cancelled,
  "event-deleted": m.toast_event_deleted,
  "event-approved": m.toast_event_approved,
  "event-changes-requested": m.toast_event_changes_requested,
  "event-unpublished": m.toast_event_unpublished,
  "registration-cancelled": m.toast_registration_cancelled,
  "registration-confirmed": m.toast_registration_confirmed,
  "registration-moved": m.toast_registration_moved,
  "message-sent": m.toast_message_sent,
  "inquiry-replied": m.toast_inquiry_replied,
  "inquiry-archived": m.toast_inquiry_archived,
  "inquiry-reopened": m.toast_inquiry_reopened,
  "settings-saved": m.toast_settings_saved,
  "user-role-changed": m.toast_user_role_changed,
  "user-linked": m.toast_user_linked,
  "user-unlinked": m.toast_user_unlinked,
  "user-disabled": m.toast_user_disabled,
  "user-enabled": m.toast_user_enabled,
  "verification-resent": m.toast_verification_resent,
  "user-deleted": m.toast_user_deleted,
  "language-saved": m.toast_language_saved,
} satisfies Record<string, () => string>;

export type ToastKey = keyof typeof TOAST_MESSAGES;

export function isToastKey(value: unknown): value is ToastKey {
  return typeof value === "string" && Object.hasOwn(TOAST_MESSAGES, value);
}
