import { and, eq } from "drizzle-orm";
import { partnerChoiceSchema } from "~/lib/forms/user-admin-schemas";
import type { Actor } from "#server/auth/actor";
import type { Database } from "#server/db/client";
import { partnerMembers } from "#server/db/schema";
import { AppError, parseInput } from "#server/errors";
import { grantPartnerAccess, type PartnerAccessDeps } from "#server/invitations/grant-partner-access";
import { findAdministeredPartner } from "#server/partners/find-administered-partner";
import { findAdministeredUser, recordPartnerLinkChange } from "./administered-user";
import { m } from "~/paraglide/messages";

/**
 * An admin lets a person act for a partner, from the person's page. It is the partner
 * page's "invite a member" for someone who has an account (`grantPartnerAccess`): a
 * plain user becomes a partner in the same step, an admin stays an admin, and the
 * person is mailed (a sign-in link, or an invitation to set a password if they have none).
 */
export async function linkUserToPartner(
  deps: PartnerAccessDeps & { db: Database },
  { actor, userId, input, now = new Date() }: { actor: Actor; userId: string; input: unknown; now?: Date },
) {
  const { partnerId } = parseInput(partnerChoiceSchema, input);
  return deps.db.transaction(async (tx) => {
    const person = await findAdministeredUser(tx, actor, userId);
    const partner = await findAdministeredPartner(tx, actor, partnerId);
    const [existing] = await tx
      .select({ role: partnerMembers.role })
      .from(partnerMembers)
      .where(and(eq(partnerMembers.partnerId, partner.id), eq(partnerMembers.userId, person.id)));
    // Check-in staff may be made full members here, as on the partner's page.
    if (existing?.role === "member") {
      const message = m.err_already_acts_for({ email: person.email, partner: partner.name });
      throw new AppError("conflict", message, { fields: { partnerId: message } });
    }
    await grantPartnerAccess(tx, deps, {
      actor,
      partner,
      person: { email: person.email, firstName: person.firstName, lastName: person.lastName },
      now,
    });
    const role = await recordPartnerLinkChange(tx, actor, "link", { person, partner });
    return { partner, role };
  });
}
