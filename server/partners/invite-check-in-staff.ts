import { and, eq, sql } from "drizzle-orm";
import { inviteMemberSchema } from "~/lib/forms/partner-admin-schemas";
import type { Actor } from "#server/auth/actor";
import type { Database } from "#server/db/client";
import { partnerMembers, users } from "#server/db/schema";
import { invalidField, parseInput } from "#server/errors";
import { grantPartnerAccess, type PartnerAccessDeps } from "#server/invitations/grant-partner-access";
import { m } from "~/paraglide/messages";
import { loadManagedPartner } from "./partner-profile";

/**
 * A partner's member (or an admin) lets a person check teams in for the partner on the
 * day (ADR 038): crew lists and check-in of its events, nothing else. A full member
 * already can; inviting them as staff is refused rather than narrowing what they do.
 */
export async function inviteCheckInStaff(
  deps: PartnerAccessDeps & { db: Database },
  {
    actor,
    partnerId,
    input,
    now = new Date(),
  }: { actor: Actor; partnerId: unknown; input: unknown; now?: Date },
) {
  const form = parseInput(inviteMemberSchema, input);
  return deps.db.transaction(async (tx) => {
    const partner = await loadManagedPartner(tx, actor, partnerId, { forUpdate: true });
    const email = form.memberEmail.trim().toLowerCase();
    const [member] = await tx
      .select({ role: partnerMembers.role })
      .from(partnerMembers)
      .innerJoin(users, eq(users.id, partnerMembers.userId))
      .where(and(eq(partnerMembers.partnerId, partner.id), eq(sql`lower(${users.email})`, email)));
    if (member?.role === "member")
      throw invalidField("memberEmail", m.err_staff_already_member({ partnerName: partner.name }));
    return grantPartnerAccess(tx, deps, {
      actor,
      partner,
      person: { email, firstName: form.memberFirstName, lastName: form.memberLastName },
      now,
      role: "check_in",
    });
  });
}
