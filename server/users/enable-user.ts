import { eq } from "drizzle-orm";
import { recordAudit } from "#server/audit/record-audit";
import type { Actor } from "#server/auth/actor";
import type { Database } from "#server/db/client";
import { profiles } from "#server/db/schema";
import { AppError } from "#server/errors";
import { findAdministeredUser, personLabel } from "./administered-user";
import { m } from "~/paraglide/messages";

/** An admin lets a disabled person sign in again; they sign in anew, as no session survived. */
export async function enableUser(
  { db }: { db: Database },
  { actor, userId, now = new Date() }: { actor: Actor; userId: string; now?: Date },
) {
  return db.transaction(async (tx) => {
    const person = await findAdministeredUser(tx, actor, userId);
    if (!person.disabledAt) throw new AppError("invalid_transition", m.err_account_not_disabled());
    await tx.update(profiles).set({ disabledAt: null, updatedAt: now }).where(eq(profiles.userId, person.id));
    await recordAudit(tx, actor, {
      action: "user.enable",
      entityId: person.id,
      summary: `${personLabel(person)} enabled`,
      changes: { disabledAt: { before: person.disabledAt.toISOString(), after: null } },
    });
  });
}
