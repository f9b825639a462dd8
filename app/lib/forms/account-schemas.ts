/**
 * Account forms, checked in the browser and parsed again by the commands. Messages are
 * the spec's (§5).
 */
import * as z from "zod/mini";
import { isCommonPassword } from "./common-passwords";
import { emailAddress, optionalText, requiredText, text, typedEmail } from "./fields";

export const MIN_PASSWORD_LENGTH = 8;
const MAX_PASSWORD_LENGTH = 128;

const password = z.pipe(
  text,
  z
    .string()
    .check(
      z.minLength(MIN_PASSWORD_LENGTH, "Password must be at least 8 characters"),
      z.maxLength(MAX_PASSWORD_LENGTH, "Password must be at most 128 characters"),
    ),
);
const requiredName = (message: string) => requiredText(message, 100);
const optionalCompany = optionalText(200);
const email = emailAddress();

/** A password being chosen: the length rules plus a refusal of well-known passwords. */
const newPassword = z.pipe(
  password,
  z.string().check(
    z.refine((value) => !isCommonPassword(value), {
      message: "This password is one of the most common ones and easy to guess. Please choose another.",
    }),
  ),
);

export const loginSchema = z.object({ email, password });

export const signupSchema = z
  .object({
    firstName: requiredName("First name is required"),
    lastName: requiredName("Last name is required"),
    email,
    company: optionalCompany,
    password: newPassword,
    confirmPassword: text,
    // A checked box sends "on"; an unchecked one sends nothing.
    acceptTerms: z.optional(z.string()),
  })
  .check(
    z.refine((form) => form.password === form.confirmPassword, {
      message: "Passwords do not match",
      path: ["confirmPassword"],
    }),
    z.refine((form) => form.acceptTerms === "on", {
      message: "You must accept the terms and conditions",
      path: ["acceptTerms"],
    }),
  );

export const forgotPasswordSchema = z.object({ email });

export const resetPasswordSchema = z
  .object({
    token: z.pipe(text, z.string().check(z.minLength(1, "This link is invalid."))),
    password: newPassword,
    confirmPassword: text,
  })
  .check(
    z.refine((form) => form.password === form.confirmPassword, {
      message: "Passwords do not match",
      path: ["confirmPassword"],
    }),
  );

export const profileSchema = z.object({
  firstName: requiredName("First name is required"),
  lastName: requiredName("Last name is required"),
  company: optionalCompany,
});

export const changePasswordSchema = z
  .object({
    currentPassword: z.pipe(text, z.string().check(z.minLength(1, "Please enter your current password"))),
    newPassword,
    confirmPassword: text,
  })
  .check(
    z.refine((form) => form.newPassword === form.confirmPassword, {
      message: "Passwords do not match",
      path: ["confirmPassword"],
    }),
  );

/**
 * Deleting an account is confirmed by typing the account's own email address, and allowed
 * with its current password, so a session left open on a shared computer cannot do it.
 */
export const deleteAccountSchema = (accountEmail: string) =>
  z.object({
    confirmEmail: typedEmail(accountEmail, "Type your email address exactly to confirm"),
    password: z.pipe(text, z.string().check(z.minLength(1, "Please enter your password"))),
  });
