import { newPartnerSchema, revenueShareOf } from "~/lib/forms/partner-admin-schemas";
import { recordAudit } from "#server/audit/record-audit";
import type { Actor } from "#server/auth/actor";
import { canAdministerPartners } from "#server/auth/policies";
import type { Database } from "#server/db/client";
import { returnedRow } from "#server/db/rows";
import { partners } from "#server/db/schema";
import { forbidden, parseInput } from "#server/errors";
import { grantPartnerAccess, type PartnerAccessDeps } from "#server/invitations/grant-partner-access";
import { getLocale } from "~/paraglide/runtime";
import { uniquePartnerSlug } from "./unique-partner-slug";

/**
 * 'Add New Partner': an admin lists an organisation directly, live at once, and its
 * first member gets the same invitation an approved application's contact gets.
 */
export async function createPartner(
  deps: PartnerAccessDeps & { db: Database },
  { actor, input, now = new Date() }: { actor: Actor; input: unknown; now?: Date },
) {
  if (!canAdministerPartners(actor)) throw forbidden();
  const form = parseInput(newPartnerSchema, input);
  return deps.db.transaction(async (tx) => {
    const slug = await uniquePartnerSlug(tx, form.name);
    const partner = await tx
      .insert(partners)
      .values({
        slug,
        name: form.name,
        location: form.location,
        email: form.email,
        phone: form.phone ?? "",
        website: form.website,
        description: form.description,
        language: form.language ?? getLocale(),
        tier: form.tier,
        revenueSharePercent: revenueShareOf(form),
        featured: form.featured,
        status: "approved",
      })
      .returning()
      .then(returnedRow);
    await recordAudit(tx, actor, {
      action: "partner.create",
      entityId: partner.id,
      summary: `${partner.name} created`,
    });
    await grantPartnerAccess(tx, deps, {
      actor,
      partner,
      person: { email: form.memberEmail, firstName: form.memberFirstName, lastName: form.memberLastName },
      now,
      // The first member hears in the language the partner writes in.
      language: partner.language,
    });
    return partner;
  });
}
