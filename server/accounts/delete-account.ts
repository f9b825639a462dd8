import { eq, or, sql } from "drizzle-orm";
import { deleteAccountSchema } from "~/lib/forms/account-schemas";
import type { Auth } from "#server/auth/auth";
import type { Actor } from "#server/auth/actor";
import { authErrorOf, fromAuthError } from "#server/auth/errors";
import type { Database } from "#server/db/client";
import { outboxEmails, rateLimits, users, verifications } from "#server/db/schema";
import { AppError, invalidField, notFound, parseInput } from "#server/errors";
import { JOB_SCHEMA } from "#server/jobs/queues";
import { enforceRateLimits, RATE_LIMITS } from "#server/security/rate-limits";
import { lockActiveAdmins } from "#server/users/administered-user";
import { m } from "~/paraglide/messages";

export type DeletedAccount = typeof users.$inferSelect;

/**
 * Removes the actor's own account and everything kept about them, in one transaction,
 * once they have typed their email address to confirm and given their current password.
 * Sessions, credentials, the profile, partner memberships and team registrations go with
 * the `users` row (their foreign keys cascade); the rows below only name the person by
 * address or id, so no key can cascade to them. Signing out first gives the headers that
 * clear this browser's session cookie.
 */
export async function deleteAccount(
  { db, auth }: { db: Database; auth: Auth },
  { actor, input, headers }: { actor: Actor; input: unknown; headers: Headers },
): Promise<{ deleted: DeletedAccount; headers: Headers }> {
  const [account] = await db.select().from(users).where(eq(users.id, actor.userId));
  if (!account) throw notFound(m.err_your_account_not_found());
  const { password } = parseInput(deleteAccountSchema(account.email), input);
  await checkPassword(db, auth, actor, { password, headers });

  // Checked before signing out, so a refused deletion leaves the admin signed in; and
  // again under the admins' lock, so two admins leaving at once cannot both go.
  await db.transaction((tx) => keepLastAdmin(tx, actor));
  const signOut = await auth.api.signOut({ headers, returnHeaders: true });
  const deleted = await db.transaction(async (tx) => {
    await keepLastAdmin(tx, actor);
    return eraseAccount(tx, account);
  });
  return { deleted, headers: signOut.headers };
}

/**
 * The current password, checked by better-auth against the account's credential. Attempts
 * count towards the same per-account limit as changing the password: a stolen session must
 * not become a way to guess it.
 */
async function checkPassword(
  db: Database,
  auth: Auth,
  actor: Actor,
  { password, headers }: { password: string; headers: Headers },
): Promise<void> {
  await enforceRateLimits(db, [["passwordChangePerAccount", actor.userId]]);
  try {
    await auth.api.verifyPassword({ body: { password }, headers });
  } catch (error) {
    if (authErrorOf(error)?.code === "INVALID_PASSWORD")
      throw invalidField("password", m.err_wrong_password());
    throw fromAuthError(error);
  }
}

/** The site must keep one admin who can sign in, so the last active admin cannot leave. */
async function keepLastAdmin(tx: Database, actor: Actor): Promise<void> {
  if (actor.role !== "admin") return;
  const admins = await lockActiveAdmins(tx, actor);
  if (admins.includes(actor.userId) && admins.length === 1) {
    throw new AppError("conflict", m.err_only_admin_self_delete());
  }
}

/**
 * The deletion itself, inside the caller's transaction: the `users` row (sessions,
 * credentials, profile, memberships and team registrations cascade with it) and the
 * rows that only name the person by address or id, which no foreign key reaches. Shared
 * by the person's own deletion and an admin's (server/users/delete-user.ts).
 */
export async function eraseAccount(
  tx: Database,
  account: { id: string; email: string },
): Promise<DeletedAccount> {
  const address = account.email.toLowerCase();
  await tx.delete(verifications).where(
    or(
      sql`lower(${verifications.identifier}) = ${address}`,
      sql`strpos(${verifications.identifier}, ${account.id}) > 0`,
      // better-auth keys password-reset tokens by the token and stores the user id as the value.
      eq(verifications.value, account.id),
    ),
  );
  await tx.delete(outboxEmails).where(sql`lower(${outboxEmails.to}) = ${address}`);
  // Mail still waiting in the queue (or failed there) holds the address and what it says.
  await tx.execute(
    sql`delete from ${sql.identifier(JOB_SCHEMA)}.job where name = 'send-email' and lower(data->>'to') = ${address}`,
  );
  // Per-account counters are keyed by the address (sign-in) or the id (password change).
  await tx
    .delete(rateLimits)
    .where(
      or(
        eq(rateLimits.key, RATE_LIMITS.signInFailuresPerAccount.key(address)),
        eq(rateLimits.key, RATE_LIMITS.passwordResetPerTarget.key(address)),
        sql`strpos(${rateLimits.key}, ${account.id}) > 0`,
      ),
    );
  const [row] = await tx.delete(users).where(eq(users.id, account.id)).returning();
  if (!row) throw notFound(m.err_account_not_found());
  return row;
}
