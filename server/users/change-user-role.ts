import { eq } from "drizzle-orm";
import { changeRoleSchema } from "~/lib/forms/user-admin-schemas";
import { recordAudit } from "#server/audit/record-audit";
import type { Actor } from "#server/auth/actor";
import type { Database } from "#server/db/client";
import { profiles } from "#server/db/schema";
import { parseInput } from "#server/errors";
import { findAdministeredUser, keepAnAdmin, lockActiveAdmins, personLabel } from "./administered-user";

/**
 * An admin sets a person's role. The last active admin cannot be demoted: the admins'
 * rows are locked first, so two admins demoting each other at once cannot both succeed.
 * Partner memberships stay as they are; they count only while the role is partner.
 * Choosing the role the person already has changes nothing and records nothing.
 */
export async function changeUserRole(
  { db }: { db: Database },
  { actor, userId, input, now = new Date() }: { actor: Actor; userId: string; input: unknown; now?: Date },
) {
  const { role } = parseInput(changeRoleSchema, input);
  return db.transaction(async (tx) => {
    const activeAdmins = await lockActiveAdmins(tx, actor);
    const person = await findAdministeredUser(tx, actor, userId);
    if (person.role === role) return { ...person, changed: false };
    if (role !== "admin") keepAnAdmin(activeAdmins, person, "demote");
    await tx.update(profiles).set({ role, updatedAt: now }).where(eq(profiles.userId, person.id));
    await recordAudit(tx, actor, {
      action: "user.change_role",
      entityId: person.id,
      summary: `${personLabel(person)}: ${person.role} → ${role}`,
      changes: { role: { before: person.role, after: role } },
    });
    return { ...person, role, changed: true };
  });
}
