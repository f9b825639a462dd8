import { and, asc, eq, isNull } from "drizzle-orm";
import { recordAudit } from "#server/audit/record-audit";
import type { Actor } from "#server/auth/actor";
import { canAdministerUsers } from "#server/auth/policies";
import type { Database } from "#server/db/client";
import { profiles, users } from "#server/db/schema";
import { AppError, forbidden, notFound } from "#server/errors";
import { m } from "~/paraglide/messages";

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

/** A person as an admin sees and changes them: account and profile (join profiles). */
export const administeredPersonColumns = {
  id: users.id,
  email: users.email,
  emailVerified: users.emailVerified,
  firstName: profiles.firstName,
  lastName: profiles.lastName,
  role: profiles.role,
  disabledAt: profiles.disabledAt,
};

/** The person with their account, as admin commands read them; only admins may. */
function selectAdministeredUser(db: Database, actor: Actor, userId: string) {
  if (!canAdministerUsers(actor)) throw forbidden();
  return db
    .select({ ...administeredPersonColumns, name: users.name })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(profiles.userId, userId));
}

const personNotFound = () => notFound(m.err_person_not_found());

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
  const [person] = await selectAdministeredUser(tx, actor, userId).for("update", { of: profiles });
  if (!person) throw personNotFound();
  return person;
}

/**
 * The person an admin's page names, unlocked: what the page's actions read before the
 * form, so an unknown id is "not found" whatever is sent (`runIntent`).
 */
export async function readAdministeredUser(
  db: Database,
  actor: Actor,
  userId: string,
): Promise<AdministeredUser> {
  const [person] = await selectAdministeredUser(db, actor, userId);
  if (!person) throw personNotFound();
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

/** What an admin does to a person that may leave the site without an admin. */
type AdminChange = "demote" | "delete" | "disable";

const LAST_ADMIN: Record<AdminChange, (inputs: { email: string }) => string> = {
  demote: m.err_last_admin_demote,
  delete: m.err_last_admin_delete,
  disable: m.err_last_admin_disable,
};

/** The site must keep one admin who can sign in: the last active one stays. */
export function keepAnAdmin(
  activeAdmins: readonly string[],
  person: AdministeredUser,
  doing: AdminChange,
): void {
  const isActiveAdmin = person.role === "admin" && person.disabledAt === null;
  if (isActiveAdmin && activeAdmins.filter((id) => id !== person.id).length === 0) {
    throw new AppError("conflict", LAST_ADMIN[doing]({ email: person.email }));
  }
}

const OWN_ACCOUNT: Record<Exclude<AdminChange, "demote">, () => string> = {
  delete: m.err_own_account_delete,
  disable: m.err_own_account_disable,
};

/**
 * The person an admin disables or deletes, as `findAdministeredUser`; never the admin
 * themselves from here: the profile page deletes one's own account.
 */
export async function findOtherAdministeredUser(
  tx: Database,
  actor: Actor,
  userId: string,
  doing: Exclude<AdminChange, "demote">,
): Promise<AdministeredUser> {
  const person = await findAdministeredUser(tx, actor, userId);
  if (person.id === actor.userId) {
    throw new AppError("forbidden", OWN_ACCOUNT[doing]());
  }
  return person;
}

/** "Mette Holm <mette@example.dk>" for audit summaries. */
export const personLabel = (person: AdministeredUser) =>
  `${`${person.firstName} ${person.lastName}`.trim() || person.name} <${person.email}>`;

/**
 * Audits a change to the partners a person acts for, with the role it left them in:
 * linking can make a plain user a partner, unlinking the last partner makes them one again.
 */
export async function recordPartnerLinkChange(
  tx: Database,
  actor: Actor,
  change: "link" | "unlink",
  { person, partner }: { person: AdministeredUser; partner: { id: string; name: string } },
) {
  const [after] = await tx
    .select({ role: profiles.role })
    .from(profiles)
    .where(eq(profiles.userId, person.id));
  const role = after?.role ?? person.role;
  await recordAudit(tx, actor, {
    action: change === "link" ? "user.link_partner" : "user.unlink_partner",
    entityId: person.id,
    partnerId: partner.id,
    summary: `${personLabel(person)} ${change === "link" ? "linked to" : "unlinked from"} ${partner.name}`,
    changes: role === person.role ? {} : { role: { before: person.role, after: role } },
  });
  return role;
}
