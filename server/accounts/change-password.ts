import { changePasswordSchema } from "~/lib/forms/account-schemas";
import type { Auth } from "#server/auth/auth";
import type { Actor } from "#server/auth/actor";
import { authErrorOf, fromAuthError } from "#server/auth/errors";
import type { Database } from "#server/db/client";
import { invalidField, parseInput } from "#server/errors";
import { enforceRateLimits } from "#server/security/rate-limits";
import { m } from "~/paraglide/messages";

/**
 * Changes the actor's password and signs out every other device. Attempts are limited
 * per account, so a stolen session cannot become a way to guess the current password.
 * Revoking the other sessions also replaces this one: the returned headers carry its
 * new cookie, which must reach the browser.
 */
export async function changePassword(
  { db, auth }: { db: Database; auth: Auth },
  { actor, input, headers }: { actor: Actor; input: unknown; headers: Headers },
): Promise<{ headers: Headers }> {
  const { currentPassword, newPassword } = parseInput(changePasswordSchema, input);
  await enforceRateLimits(db, [["passwordChangePerAccount", actor.userId]]);
  try {
    const result = await auth.api.changePassword({
      body: { currentPassword, newPassword, revokeOtherSessions: true },
      headers,
      returnHeaders: true,
    });
    return { headers: result.headers };
  } catch (error) {
    if (authErrorOf(error)?.code === "INVALID_PASSWORD")
      throw invalidField("currentPassword", m.err_wrong_current_password());
    throw fromAuthError(error);
  }
}
