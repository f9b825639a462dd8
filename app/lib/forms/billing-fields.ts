/**
 * The fields of a seller's billing details, shared by the forms that ask for them: a
 * partner's billing profile and RCL's own billing details in the site settings (the CVR
 * number is `cvrNumber` of ./company-numbers.ts). Numbers are read as people write them,
 * with spaces and hyphens, and stored as digits.
 */
import * as z from "zod/mini";
import { BANK_ACCOUNT_PATTERN, BANK_REGISTRATION_PATTERN, FI_CREDITOR_PATTERN } from "~/lib/billing/numbers";
import { m } from "~/paraglide/messages";
import { digitsOnly } from "./company-numbers";
import { emailAddress, requiredText, says, trimmed, type Message } from "./fields";

/** Required: an empty field gets `empty`, then the value must pass `rule` or get `message`. */
const filledAndMatching = (empty: Message, rule: (value: string) => boolean, message: Message) =>
  z.pipe(z.string().check(z.minLength(1, says(empty))), z.string().check(z.refine(rule, says(message))));

/** The bank's registration number (reg.nr.): 4 digits. */
export const bankRegistration = z.pipe(
  digitsOnly,
  filledAndMatching(
    m.billing_valid_bank_registration_required,
    (value) => BANK_REGISTRATION_PATTERN.test(value),
    m.billing_valid_bank_registration_format,
  ),
);

/** The account number (kontonr.): up to 10 digits, as the bank gives it. */
export const bankAccount = z.pipe(
  digitsOnly,
  filledAndMatching(
    m.billing_valid_bank_account_required,
    (value) => BANK_ACCOUNT_PATTERN.test(value),
    m.billing_valid_bank_account_format,
  ),
);

/** The FI creditor number of +71 payment lines: 8 digits, or none (null) for bank transfers only. */
export const fiCreditorNumber = z.pipe(
  digitsOnly,
  z.pipe(
    z
      .string()
      .check(
        z.refine(
          (value) => value === "" || FI_CREDITOR_PATTERN.test(value),
          says(m.billing_valid_fi_creditor_format),
        ),
      ),
    z.transform((value) => value || null),
  ),
);

/** What invoice numbers start with ("KR-" for KR-0042): capitals, digits and hyphens, at most 12; may be none. */
const INVOICE_PREFIX_PATTERN = /^[A-Z0-9-]{0,12}$/;

export const invoicePrefix = z.pipe(
  trimmed,
  z.pipe(
    z.transform((value: string) => value.toUpperCase()),
    z.string().check(z.regex(INVOICE_PREFIX_PATTERN, says(m.billing_valid_invoice_prefix_format))),
  ),
);

/** Days from the invoice date to its due date: a whole number from 0 to 90 (14 is "netto 14 dage"). */
export const PAYMENT_TERMS_DAYS = { min: 0, max: 90, usual: 14 } as const;

export const paymentTermsDays = z.pipe(
  trimmed,
  z.pipe(
    filledAndMatching(
      m.billing_valid_payment_terms_required,
      (value) => /^\d{1,3}$/.test(value) && Number(value) <= PAYMENT_TERMS_DAYS.max,
      m.billing_valid_payment_terms_range,
    ),
    z.transform(Number),
  ),
);

/** The company's legal name, as registered in the CVR register. */
export const legalName = requiredText(m.billing_valid_legal_name_required, 200);

/** Where buyers' replies to invoice mails go; printed on the invoices. */
export const invoiceEmail = emailAddress(m.billing_valid_invoice_email);
