import { inviteMemberSchema } from "~/lib/forms/partner-admin-schemas";
import type { Actor } from "#server/auth/actor";
import type { Database } from "#server/db/client";
import { parseInput } from "#server/errors";
import { grantPartnerAccess, type PartnerAccessDeps } from "#server/invitations/grant-partner-access";
import { findAdministeredPartner } from "./find-administered-partner";

/** An admin adds a person to a partner's members; they get an invitation or a sign-in mail. */
export async function invitePartnerMember(
  deps: PartnerAccessDeps & { db: Database },
  {
    actor,
    partnerId,
    input,
    now = new Date(),
  }: { actor: Actor; partnerId: string; input: unknown; now?: Date },
) {
  const form = parseInput(inviteMemberSchema, input);
  return deps.db.transaction(async (tx) => {
    const partner = await findAdministeredPartner(tx, actor, partnerId);
    return grantPartnerAccess(tx, deps, {
      actor,
      partner,
      person: { email: form.memberEmail, firstName: form.memberFirstName, lastName: form.memberLastName },
      now,
    });
  });
}
