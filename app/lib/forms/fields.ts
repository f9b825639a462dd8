/**
 * The field types the forms' schemas share, in zod/mini so a page that checks a form in
 * the browser ships a few kilobytes of zod. A missing field counts as empty, so it gets
 * the form's own message rather than a type error.
 *
 * Messages are catalogue messages called at each check (ADR 032), so one schema answers
 * in the language of whoever sent the form: the request's on the server, the page's in
 * the browser. A schema built at module level must never hold a message's words.
 */
import * as z from "zod/mini";
import { INTL_LOCALE } from "~/lib/i18n/locale";
import { m } from "~/paraglide/messages";
import { getLocale } from "~/paraglide/runtime";

/** A validation message: a catalogue message, called when a form is checked, or fixed words. */
export type Message = string | (() => string);

/** zod's parameters for `message`, read at each check rather than when the schema is built. */
export const says = (message: Message) => ({
  error: typeof message === "string" ? message : () => message(),
});

/** The words of `message` in the current language. */
export const wordsOf = (message: Message): string => (typeof message === "string" ? message : message());

/**
 * A number in a message, in the current language: "20,000" and "20.000"; four digits stay
 * ungrouped ("2000") as the specification writes them.
 */
export const formatCount = (value: number): string =>
  new Intl.NumberFormat(INTL_LOCALE[getLocale()], { useGrouping: "min2" }).format(value);

export const text = z.pipe(
  z.optional(z.string()),
  z.transform((value) => value ?? ""),
);

export const trimmed = z.pipe(
  text,
  z.transform((value) => value.trim()),
);

/** "Please keep this under 300 characters", for a field of at most `max` characters. */
export const keepUnder = (max: number) => () => m.valid_keep_under({ max: formatCount(max) });

const maxLength = (max: number) => z.maxLength(max, says(keepUnder(max)));

/** Optional text stored as "" when empty (for columns that are not nullable). */
export const plainText = (max: number) => z.pipe(trimmed, z.string().check(maxLength(max)));

/**
 * Text of at least `min` characters once trimmed (a required field has `min` 1), and at
 * most `max`; `tooLong` says so in the form's own words.
 */
export const requiredText = (message: Message, max: number, min = 1, tooLong: Message = keepUnder(max)) =>
  z.pipe(trimmed, z.string().check(z.minLength(min, says(message)), z.maxLength(max, says(tooLong))));

/** An optional field: an empty one means "none". */
export const optionalText = (max: number) =>
  z.pipe(
    trimmed,
    z.pipe(
      z.string().check(maxLength(max)),
      z.transform((value) => value || null),
    ),
  );

/** No address is longer than 254 characters (RFC 5321); a longer one is not an address. */
export const emailAddress = (message: Message = m.valid_email_invalid) =>
  z.pipe(trimmed, z.email(says(message)).check(z.maxLength(254, says(message))));

/** A message of at least 10 characters, for the contact and inquiry forms. */
export const messageText = (max = 5000) =>
  requiredText(m.valid_message_too_short, max, 10, () => m.valid_message_too_long({ max: formatCount(max) }));

/**
 * A confirmation typed by hand: the account's own email address, in any case, so a
 * deletion is never one careless click.
 */
export const typedEmail = (accountEmail: string, message: Message) =>
  z.pipe(
    trimmed,
    z.string().check(z.refine((value) => value.toLowerCase() === accountEmail.toLowerCase(), says(message))),
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
