import { eq, sql } from "drizzle-orm";
import { profileSchema } from "~/lib/forms/account-schemas";
import type { Actor } from "#server/auth/actor";
import type { Database } from "#server/db/client";
import { profiles, users } from "#server/db/schema";
import { notFound, parseInput } from "#server/errors";
import { m } from "~/paraglide/messages";

export type Profile = typeof profiles.$inferSelect;

/**
 * Saves the actor's own names and company. better-auth keeps its own `users.name`
 * (shown in its session data and mails), so both rows change together or not at all.
 * Only the actor's own profile is ever in reach: there is no id to point elsewhere.
 */
export async function updateProfile(
  { db }: { db: Database },
  { actor, input }: { actor: Actor; input: unknown },
): Promise<Profile> {
  const { firstName, lastName, company } = parseInput(profileSchema, input);
  return db.transaction(async (tx) => {
    const [profile] = await tx
      .update(profiles)
      .set({ firstName, lastName, company: company ?? null, updatedAt: sql`now()` })
      .where(eq(profiles.userId, actor.userId))
      .returning();
    if (!profile) throw notFound(m.err_profile_not_found());
    await tx
      .update(users)
      .set({ name: `${firstName} ${lastName}`, updatedAt: sql`now()` })
      .where(eq(users.id, actor.userId));
    return profile;
  });
}
