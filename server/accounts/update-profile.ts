import { eq, sql } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { profiles, users } from "#server/db/schema";

export type ProfileChanges = { firstName: string; lastName: string; company: string | null };

/**
 * Saves the names and company. better-auth keeps its own `users.name` (shown in its
 * session data and mails), so both rows change together or not at all.
 */
export async function updateProfile(db: Database, userId: string, changes: ProfileChanges): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(profiles)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(profiles.userId, userId));
    await tx
      .update(users)
      .set({ name: `${changes.firstName} ${changes.lastName}`, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
  });
}
