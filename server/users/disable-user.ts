import { eq } from "drizzle-orm";
import { recordAudit } from "#server/audit/record-audit";
import type { Actor } from "#server/auth/actor";
import type { Database } from "#server/db/client";
import { profiles, sessions } from "#server/db/schema";
import { AppError } from "#server/errors";
import { findOtherAdministeredUser, keepAnAdmin, lockActiveAdmins, personLabel } from "./administered-user";
import { m } from "~/paraglide/messages";

/**
 * An admin stops a person from using their account, keeping everything in it: every
 * session ends in the same transaction, and better-auth refuses new ones (the
 * session hook in server/auth/auth.ts). Nobody disables themselves or the last active admin.
 */
export async function disableUser(
  { db }: { db: Database },
  { actor, userId, now = new Date() }: { actor: Actor; userId: string; now?: Date },
) {
  return db.transaction(async (tx) => {
    const activeAdmins = await lockActiveAdmins(tx, actor);
    const person = await findOtherAdministeredUser(tx, actor, userId, "disable");
    if (person.disabledAt) throw new AppError("invalid_transition", m.err_account_already_disabled());
    keepAnAdmin(activeAdmins, person, "disable");
    await tx.update(profiles).set({ disabledAt: now, updatedAt: now }).where(eq(profiles.userId, person.id));
    const ended = await tx
      .delete(sessions)
      .where(eq(sessions.userId, person.id))
      .returning({ id: sessions.id });
    await recordAudit(tx, actor, {
      action: "user.disable",
      entityId: person.id,
      summary: `${personLabel(person)} disabled; ${ended.length} session${ended.length === 1 ? "" : "s"} ended`,
      changes: { disabledAt: { before: null, after: now.toISOString() } },
    });
  });
}
