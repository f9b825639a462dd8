import { eq, or, sql } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { outboxEmails, rateLimits, users, verifications } from "#server/db/schema";

/**
 * Removes a person and everything kept about them, in one transaction. Sessions,
 * credentials, the profile, partner memberships and team registrations go with the
 * `users` row (their foreign keys cascade); the rows below only name the person by
 * address or id, so no key can cascade to them.
 */
export async function deleteAccount(
  db: Database,
  { id, email }: { id: string; email: string },
): Promise<void> {
  const address = email.toLowerCase();
  await db.transaction(async (tx) => {
    await tx.delete(verifications).where(
      or(
        sql`lower(${verifications.identifier}) = ${address}`,
        sql`strpos(${verifications.identifier}, ${id}) > 0`,
        // better-auth keys password-reset tokens by the token and stores the user id as the value.
        eq(verifications.value, id),
      ),
    );
    await tx.delete(outboxEmails).where(sql`lower(${outboxEmails.to}) = ${address}`);
    // Per-account counters are keyed by the address (sign-in) or the id (password change).
    await tx
      .delete(rateLimits)
      .where(or(eq(rateLimits.key, `sign-in:email:${address}`), sql`strpos(${rateLimits.key}, ${id}) > 0`));
    await tx.delete(users).where(eq(users.id, id));
  });
}
