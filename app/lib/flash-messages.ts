/**
 * Messages shown as a toast on the page after a redirect. Only these keys travel in
 * the flash cookie, so nobody can make the site display text of their own.
 */
export const FLASH_MESSAGES = {
  "logged-out": "You've been logged out successfully",
  "password-reset": "Your password has been changed. Please sign in with the new one.",
  "account-deleted": "Your account and personal data have been deleted.",
} as const;

export type FlashKey = keyof typeof FLASH_MESSAGES;

export function isFlashKey(value: unknown): value is FlashKey {
  return typeof value === "string" && Object.hasOwn(FLASH_MESSAGES, value);
}
