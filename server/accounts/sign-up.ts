import { eq } from "drizzle-orm";
import { signupSchema } from "~/lib/forms/account-schemas";
import type { Locale } from "~/lib/i18n/locale";
import type { Auth } from "#server/auth/auth";
import type { Actor } from "#server/auth/actor";
import { fromAuthError } from "#server/auth/errors";
import type { Database } from "#server/db/client";
import { profiles } from "#server/db/schema";
import { parseInput } from "#server/errors";
import { enforceRateLimits } from "#server/security/rate-limits";

export type SignUpRequest = {
  /** Whoever is signed in (signing up again is allowed), or null. */
  actor: Actor | null;
  input: unknown;
  /** The request's headers with the client address (`authHeaders`), for better-auth's limits. */
  headers: Headers;
  /** The visitor's address: sign-ups are limited per address as well as per email. */
  clientIp: string;
  /** The language of the page they signed up on: their dashboards' and mails' from then on. */
  language: Locale;
};

/**
 * Creates an unverified account and its profile's names and company; better-auth mails
 * the verification link. For an address that already has an account it answers like a
 * success and mails the owner instead (see onExistingUserSignUp), so the two cases look
 * the same to the visitor. The role is never taken from the input: profiles start as `user`.
 */
export async function signUp(
  { db, auth }: { db: Database; auth: Auth },
  { input, headers, clientIp, language }: SignUpRequest,
): Promise<{ userId: string }> {
  const { firstName, lastName, email, company, password } = parseInput(signupSchema, input);
  // Each sign-up sends a mail, so attempts are limited per address and per email.
  await enforceRateLimits(db, [
    ["signUpPerAddress", clientIp],
    ["signUpPerEmail", email.toLowerCase()],
  ]);
  let userId: string;
  try {
    const { user } = await auth.api.signUpEmail({
      body: { name: `${firstName} ${lastName}`, email, password, callbackURL: "/dashboard" },
      headers,
    });
    userId = user.id;
  } catch (error) {
    throw fromAuthError(error);
  }
  await db
    .update(profiles)
    .set({ firstName, lastName, company, language })
    .where(eq(profiles.userId, userId));
  return { userId };
}
