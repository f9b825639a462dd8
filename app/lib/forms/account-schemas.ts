/**
 * Account forms, checked in the browser and parsed again by the commands. Messages are
 * the spec's (§5).
 */
import * as z from "zod/mini";
import { isCommonPassword } from "./common-passwords";
import { m } from "~/paraglide/messages";
import {
  emailAddress,
  formatCount,
  optionalText,
  requiredText,
  says,
  text,
  typedEmail,
  type Message,
} from "./fields";

export const MIN_PASSWORD_LENGTH = 8;
const MAX_PASSWORD_LENGTH = 128;

const password = z.pipe(
  text,
  z.string().check(
    z.minLength(
      MIN_PASSWORD_LENGTH,
      says(() => m.valid_password_too_short({ min: formatCount(MIN_PASSWORD_LENGTH) })),
    ),
    z.maxLength(
      MAX_PASSWORD_LENGTH,
      says(() => m.valid_password_too_long({ max: formatCount(MAX_PASSWORD_LENGTH) })),
    ),
  ),
);
const requiredName = (message: Message) => requiredText(message, 100);
const optionalCompany = optionalText(200);
const email = emailAddress();

/** A password being chosen: the length rules plus a refusal of well-known passwords. */
const newPassword = z.pipe(
  password,
  z.string().check(z.refine((value) => !isCommonPassword(value), says(m.valid_password_common))),
);

export const loginSchema = z.object({ email, password });

export const signupSchema = z
  .object({
    firstName: requiredName(m.valid_first_name_required),
    lastName: requiredName(m.valid_last_name_required),
    email,
    company: optionalCompany,
    password: newPassword,
    confirmPassword: text,
    // A checked box sends "on"; an unchecked one sends nothing.
    acceptTerms: z.optional(z.string()),
  })
  .check(
    z.refine((form) => form.password === form.confirmPassword, {
      error: () => m.valid_passwords_mismatch(),
      path: ["confirmPassword"],
    }),
    z.refine((form) => form.acceptTerms === "on", {
      error: () => m.valid_accept_site_terms(),
      path: ["acceptTerms"],
    }),
  );

export const forgotPasswordSchema = z.object({ email });

export const resetPasswordSchema = z
  .object({
    token: z.pipe(text, z.string().check(z.minLength(1, says(m.valid_link_invalid)))),
    password: newPassword,
    confirmPassword: text,
  })
  .check(
    z.refine((form) => form.password === form.confirmPassword, {
      error: () => m.valid_passwords_mismatch(),
      path: ["confirmPassword"],
    }),
  );

export const profileSchema = z.object({
  firstName: requiredName(m.valid_first_name_required),
  lastName: requiredName(m.valid_last_name_required),
  company: optionalCompany,
});

export const changePasswordSchema = z
  .object({
    currentPassword: z.pipe(text, z.string().check(z.minLength(1, says(m.valid_current_password_required)))),
    newPassword,
    confirmPassword: text,
  })
  .check(
    z.refine((form) => form.newPassword === form.confirmPassword, {
      error: () => m.valid_passwords_mismatch(),
      path: ["confirmPassword"],
    }),
  );

/**
 * Deleting an account is confirmed by typing the account's own email address, and allowed
 * with its current password, so a session left open on a shared computer cannot do it.
 */
export const deleteAccountSchema = (accountEmail: string) =>
  z.object({
    confirmEmail: typedEmail(accountEmail, m.valid_confirm_own_email),
    password: z.pipe(text, z.string().check(z.minLength(1, says(m.valid_password_required)))),
  });
