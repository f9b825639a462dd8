import { and, eq, isNull, sql } from "drizzle-orm";
import { recordAudit } from "#server/audit/record-audit";
import type { Actor } from "#server/auth/actor";
import type { Database } from "#server/db/client";
import { partnerInvitations, partnerMembers, users } from "#server/db/schema";
import { notFound } from "#server/errors";
import { m } from "~/paraglide/messages";
import { loadManagedPartner } from "./partner-profile";

/**
 * A partner's member (or an admin) ends a person's check-in access. Only check-in staff
 * are removed here: full members stay the admins' to remove. Unused invitation links
 * stop working with it.
 */
export async function removeCheckInStaff(
  { db }: { db: Database },
  {
    actor,
    partnerId,
    userId,
    now = new Date(),
  }: { actor: Actor; partnerId: unknown; userId: string; now?: Date },
) {
  return db.transaction(async (tx) => {
    const partner = await loadManagedPartner(tx, actor, partnerId, { forUpdate: true });
    const [removed] = await tx
      .delete(partnerMembers)
      .where(
        and(
          eq(partnerMembers.partnerId, partner.id),
          eq(partnerMembers.userId, userId),
          eq(partnerMembers.role, "check_in"),
        ),
      )
      .returning();
    if (!removed) throw notFound(m.err_not_a_member());
    const [person] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
    if (person) {
      await tx
        .update(partnerInvitations)
        .set({ expiresAt: now })
        .where(
          and(
            eq(partnerInvitations.partnerId, partner.id),
            eq(sql`lower(${partnerInvitations.email})`, person.email.toLowerCase()),
            isNull(partnerInvitations.acceptedAt),
          ),
        );
    }
    await recordAudit(tx, actor, {
      action: "partner.staff_remove",
      entityId: partner.id,
      summary: `${person?.email ?? userId} no longer checks in for ${partner.name}`,
    });
  });
}
