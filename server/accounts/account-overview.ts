import { count, eq } from "drizzle-orm";
import type { Actor } from "#server/auth/actor";
import type { Database } from "#server/db/client";
import { teamRegistrations, users } from "#server/db/schema";

/** What the profile page tells people about their account beyond the profile itself. */
export async function getAccountOverview(
  db: Database,
  { userId }: Actor,
): Promise<{ memberSince: Date | null; teamRegistrations: number }> {
  const [[user], [registrations]] = await Promise.all([
    db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId)),
    db.select({ n: count() }).from(teamRegistrations).where(eq(teamRegistrations.userId, userId)),
  ]);
  return { memberSince: user?.createdAt ?? null, teamRegistrations: registrations?.n ?? 0 };
}
