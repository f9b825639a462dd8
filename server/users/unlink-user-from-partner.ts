import { partnerChoiceSchema } from "~/lib/forms/user-admin-schemas";
import type { Actor } from "#server/auth/actor";
import type { Database } from "#server/db/client";
import { parseInput } from "#server/errors";
import { findAdministeredPartner } from "#server/partners/find-administered-partner";
import { removePartnerMember } from "#server/partners/remove-partner-member";
import { findAdministeredUser, recordPartnerLinkChange } from "./administered-user";

/**
 * An admin stops a person acting for a partner, from the person's page. It is the
 * partner page's "remove member" (`removePartnerMember`, run inside this transaction):
 * their unused invitations to it stop working, and a partner who is left with no
 * partner goes back to a plain user.
 */
export async function unlinkUserFromPartner(
  { db }: { db: Database },
  { actor, userId, input, now = new Date() }: { actor: Actor; userId: string; input: unknown; now?: Date },
) {
  const { partnerId } = parseInput(partnerChoiceSchema, input);
  return db.transaction(async (tx) => {
    const person = await findAdministeredUser(tx, actor, userId);
    const partner = await findAdministeredPartner(tx, actor, partnerId);
    await removePartnerMember({ db: tx }, { actor, partnerId: partner.id, userId: person.id, now });
    const role = await recordPartnerLinkChange(tx, actor, "unlink", { person, partner });
    return { partner, role };
  });
}
