import { eq, or, sql } from "drizzle-orm";
import { deleteAccountSchema } from "~/lib/forms/account-schemas";
import type { Auth } from "#server/auth/auth";
import type { Actor } from "#server/auth/actor";
import type { Database } from "#server/db/client";
import { outboxEmails, rateLimits, users, verifications } from "#server/db/schema";
import { notFound, parseInput } from "#server/errors";
import { JOB_SCHEMA } from "#server/jobs/queues";
import { RATE_LIMITS } from "#server/security/rate-limits";

export type DeletedAccount = typeof users.$inferSelect;

/**
 * Removes the actor's own account and everything kept about them, in one transaction,
 * once they have typed their email address to confirm. Sessions, credentials, the
 * profile, partner memberships and team registrations go with the `users` row (their
 * foreign keys cascade); the rows below only name the person by address or id, so no
 * key can cascade to them. Signing out first gives the headers that clear this
 * browser's session cookie.
 */
export async function deleteAccount(
  { db, auth }: { db: Database; auth: Auth },
  { actor, input, headers }: { actor: Actor; input: unknown; headers: Headers },
): Promise<{ deleted: DeletedAccount; headers: Headers }> {
  const [account] = await db.select().from(users).where(eq(users.id, actor.userId));
  if (!account) throw notFound("We could not find your account.");
  parseInput(deleteAccountSchema(account.email), input);

  const signOut = await auth.api.signOut({ headers, returnHeaders: true });
  const address = account.email.toLowerCase();
  const deleted = await db.transaction(async (tx) => {
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
          sql`strpos(${rateLimits.key}, ${account.id}) > 0`,
        ),
      );
    const [row] = await tx.delete(users).where(eq(users.id, account.id)).returning();
    if (!row) throw notFound("We could not find your account.");
    return row;
  });
  return { deleted, headers: signOut.headers };
}
