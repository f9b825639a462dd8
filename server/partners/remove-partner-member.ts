import { and, count, eq, isNull, sql } from "drizzle-orm";
import { recordAudit } from "#server/audit/record-audit";
import type { Actor } from "#server/auth/actor";
import type { Database } from "#server/db/client";
import { partnerInvitations, partnerMembers, profiles, users } from "#server/db/schema";
import { notFound } from "#server/errors";
import { findAdministeredPartner } from "./find-administered-partner";
import { m } from "~/paraglide/messages";

/**
 * An admin removes a person from a partner. Their unused invitation links to it stop
 * working, and someone who manages no partner any more goes back to a plain user.
 */
export async function removePartnerMember(
  { db }: { db: Database },
  {
    actor,
    partnerId,
    userId,
    now = new Date(),
  }: { actor: Actor; partnerId: string; userId: string; now?: Date },
) {
  return db.transaction(async (tx) => {
    const partner = await findAdministeredPartner(tx, actor, partnerId);
    const [removed] = await tx
      .delete(partnerMembers)
      .where(and(eq(partnerMembers.partnerId, partnerId), eq(partnerMembers.userId, userId)))
      .returning();
    if (!removed) throw notFound(m.err_not_a_member());
    const [member] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
    if (member) {
      await tx
        .update(partnerInvitations)
        .set({ expiresAt: now })
        .where(
          and(
            eq(partnerInvitations.partnerId, partnerId),
            eq(sql`lower(${partnerInvitations.email})`, member.email.toLowerCase()),
            isNull(partnerInvitations.acceptedAt),
          ),
        );
    }
    // Check-in staff have no partner area, so only full memberships keep the partner role.
    const [left] = await tx
      .select({ n: count() })
      .from(partnerMembers)
      .where(and(eq(partnerMembers.userId, userId), eq(partnerMembers.role, "member")));
    if ((left?.n ?? 0) === 0) {
      await tx
        .update(profiles)
        .set({ role: "user", updatedAt: now })
        .where(and(eq(profiles.userId, userId), eq(profiles.role, "partner")));
    }
    await recordAudit(tx, actor, {
      action: "partner.remove_member",
      entityId: partnerId,
      summary: `${member?.email ?? userId} removed from ${partner.name}`,
    });
  });
}
