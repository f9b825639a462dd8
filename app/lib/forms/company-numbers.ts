/**
 * A company's numbers as people type them into the forms that ask for them (a booking's
 * invoice details, a billing profile, the site settings): spaces, hyphens and a "DK"
 * before a CVR number are dropped, and the digits kept. Kept apart from the billing
 * profile's fields, so the public booking form's code carries only what it uses.
 */
import * as z from "zod/mini";
import { isValidCvr } from "~/lib/billing/numbers";
import { m } from "~/paraglide/messages";
import { says, text, type Message } from "./fields";

/** A number as typed, without the spaces and hyphens people group its digits with. */
export const digitsOnly = z.pipe(
  text,
  z.transform((value) => value.replace(/[\s-]/g, "")),
);

const EIGHT_DIGITS = /^\d{8}$/;

/**
 * A CVR number as people write it, "DK 29 40 34 73" or "dk29403473" (the VAT form on
 * invoices) as well as "29403473": the country prefix is dropped and the 8 digits kept.
 * The register's own check (modulus 11) catches a mistyped digit before it is invoiced.
 * With `required`, an empty field gets that message rather than the format's.
 */
export function cvrNumber({
  required,
  format = m.valid_cvr_format,
}: { required?: Message; format?: Message } = {}) {
  const checked = z.string().check(
    z.regex(EIGHT_DIGITS, says(format)),
    z.refine((value) => !EIGHT_DIGITS.test(value) || isValidCvr(value), says(m.valid_cvr_check_digit)),
  );
  return z.pipe(
    digitsOnly,
    z.pipe(
      z.transform((value: string) => value.replace(/^DK/i, "")),
      required ? z.pipe(z.string().check(z.minLength(1, says(required))), checked) : checked,
    ),
  );
}
