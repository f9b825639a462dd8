/**
 * The field types the forms' schemas share, in zod/mini so a page that checks a form in
 * the browser ships a few kilobytes of zod. A missing field counts as empty, so it gets
 * the form's own message rather than a type error.
 */
import * as z from "zod/mini";

export const text = z.pipe(
  z.optional(z.string()),
  z.transform((value) => value ?? ""),
);

export const trimmed = z.pipe(
  text,
  z.transform((value) => value.trim()),
);

const keepUnder = (max: number) => z.maxLength(max, `Please keep this under ${max} characters`);

/** Optional text stored as "" when empty (for columns that are not nullable). */
export const plainText = (max: number) => z.pipe(trimmed, z.string().check(keepUnder(max)));

/**
 * Text of at least `min` characters once trimmed (a required field has `min` 1), and at
 * most `max`; `tooLong` says so in the form's own words.
 */
export const requiredText = (
  message: string,
  max: number,
  min = 1,
  tooLong = `Please keep this under ${max} characters`,
) => z.pipe(trimmed, z.string().check(z.minLength(min, message), z.maxLength(max, tooLong)));

/** An optional field: an empty one means "none". */
export const optionalText = (max: number) =>
  z.pipe(
    trimmed,
    z.pipe(
      z.string().check(keepUnder(max)),
      z.transform((value) => value || null),
    ),
  );

/** No address is longer than 254 characters (RFC 5321); a longer one is not an address. */
export const emailAddress = (message = "Please enter a valid email address") =>
  z.pipe(trimmed, z.email(message).check(z.maxLength(254, message)));

/** A message of at least 10 characters, for the contact and inquiry forms. */
export const messageText = (max = 5000) =>
  requiredText(
    "Please write a message of at least 10 characters",
    max,
    10,
    `Please keep your message under ${max} characters`,
  );

/**
 * A confirmation typed by hand: the account's own email address, in any case, so a
 * deletion is never one careless click.
 */
export const typedEmail = (accountEmail: string, message: string) =>
  z.pipe(
    trimmed,
    z.string().check(z.refine((value) => value.toLowerCase() === accountEmail.toLowerCase(), { message })),
  );

export const PHONE_PATTERN = /^\+?[0-9 ()-]{6,}$/;

/**
 * Whether `value` is an https link to a page on `site` or one of its subdomains, without
 * a user name that could disguise another host (`https://facebook.com@evil.example`).
 * Empty counts as valid: the social links are optional.
 */
export function isSocialLink(value: string, site: string): boolean {
  if (value === "") return true;
  try {
    const url = new URL(value);
    const host = url.hostname.toLowerCase();
    return url.protocol === "https:" && (host === site || host.endsWith(`.${site}`)) && !url.username;
  } catch {
    return false;
  }
}
