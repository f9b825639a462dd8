import { deleteUserSchema } from "~/lib/forms/user-admin-schemas";
import { eraseAccount } from "#server/accounts/delete-account";
import { recordAudit } from "#server/audit/record-audit";
import type { Actor } from "#server/auth/actor";
import type { Database } from "#server/db/client";
import { parseInput } from "#server/errors";
import { findOtherAdministeredUser, keepAnAdmin, lockActiveAdmins, personLabel } from "./administered-user";

/**
 * An admin deletes a person's account and everything kept about them, as the person's
 * own deletion does (`eraseAccount`), once the admin has typed that account's email.
 * Nobody deletes themselves here (the profile page does that) or the last active admin.
 * The audit row keeps the address, as the log keeps the addresses of its actors.
 */
export async function deleteUser(
  { db }: { db: Database },
  { actor, userId, input }: { actor: Actor; userId: string; input: unknown },
) {
  return db.transaction(async (tx) => {
    const activeAdmins = await lockActiveAdmins(tx, actor);
    const person = await findOtherAdministeredUser(tx, actor, userId, "delete");
    parseInput(deleteUserSchema(person.email), input);
    keepAnAdmin(activeAdmins, person, "delete");
    await recordAudit(tx, actor, {
      action: "user.delete",
      entityId: person.id,
      summary: `${personLabel(person)} deleted (${person.role})`,
    });
    return eraseAccount(tx, person);
  });
}
