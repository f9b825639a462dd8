import { and, asc, eq, isNull } from "drizzle-orm";
import type { Actor } from "#server/auth/actor";
import { canAdministerUsers } from "#server/auth/policies";
import type { Database } from "#server/db/client";
import { profiles, users } from "#server/db/schema";
import { AppError, forbidden, notFound } from "#server/errors";

type AdministeredUser = {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  role: (typeof profiles.$inferSelect)["role"];
  disabledAt: Date | null;
};

/**
 * The person an admin command changes, with their profile locked for the transaction.
 * Only admins get one; an unknown id is "not found". Call `lockActiveAdmins` first when
 * the command may take an admin away, so every such command locks rows in one order.
 */
export async function findAdministeredUser(
  tx: Database,
  actor: Actor,
  userId: string,
): Promise<AdministeredUser> {
  if (!canAdministerUsers(actor)) throw forbidden();
  const [person] = await tx
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      emailVerified: users.emailVerified,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      role: profiles.role,
      disabledAt: profiles.disabledAt,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(profiles.userId, userId))
    .for("update", { of: profiles });
  if (!person) throw notFound("We could not find that person.");
  return person;
}

/**
 * Locks the profiles of every active admin (in id order, so two commands never wait on
 * each other crosswise) and gives their ids. Two admins demoting each other at once then
 * run one after the other, and the second sees the first's change: PostgreSQL re-reads a
 * row it waited for, and a demoted admin no longer matches.
 */
export async function lockActiveAdmins(tx: Database, actor: Actor): Promise<string[]> {
  if (!canAdministerUsers(actor)) throw forbidden();
  const rows = await tx
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(and(eq(profiles.role, "admin"), isNull(profiles.disabledAt)))
    .orderBy(asc(profiles.userId))
    .for("update");
  return rows.map((row) => row.userId);
}

/** The site must keep one admin who can sign in: the last active one stays. */
export function keepAnAdmin(activeAdmins: readonly string[], person: AdministeredUser, doing: string): void {
  const isActiveAdmin = person.role === "admin" && person.disabledAt === null;
  if (isActiveAdmin && activeAdmins.filter((id) => id !== person.id).length === 0) {
    throw new AppError(
      "conflict",
      `${person.email} is the only active admin, so you cannot ${doing} them. Make someone else an admin first.`,
    );
  }
}

/** An admin never disables or deletes their own account from here; the profile page deletes one's own. */
export function notSelf(actor: Actor, person: AdministeredUser, doing: string): void {
  if (person.id === actor.userId) {
    throw new AppError("forbidden", `You cannot ${doing} your own account.`);
  }
}

/** "Mette Holm <mette@example.dk>" for audit summaries. */
export const personLabel = (person: AdministeredUser) =>
  `${`${person.firstName} ${person.lastName}`.trim() || person.name} <${person.email}>`;
