import { eq } from "drizzle-orm";
import type { Actor } from "#server/auth/actor";
import { canAdministerPartners } from "#server/auth/policies";
import type { Database } from "#server/db/client";
import { partnerBillingProfiles, users } from "#server/db/schema";
import { forbidden } from "#server/errors";
import { loadManagedPartner } from "#server/partners/partner-profile";
import { isUuid } from "~/lib/ids";

export type BillingProfileRow = typeof partnerBillingProfiles.$inferSelect;

/** A partner's billing profile, locked for the rest of the transaction when `forUpdate`; null before its first save. */
export async function billingProfileOf(
  db: Database,
  partnerId: string,
  { forUpdate = false }: { forUpdate?: boolean } = {},
): Promise<BillingProfileRow | null> {
  const query = db
    .select()
    .from(partnerBillingProfiles)
    .where(eq(partnerBillingProfiles.partnerId, partnerId));
  const [profile] = forUpdate ? await query.for("update") : await query;
  return profile ?? null;
}

/**
 * The partner whose billing page the actor opens, within what they manage (another
 * partner's id is "not found"), with its billing profile, or null before its first save.
 */
export async function getBillingProfileForEditing(db: Database, actor: Actor, partnerId: unknown) {
  const partner = await loadManagedPartner(db, actor, partnerId);
  return { partner, profile: await billingProfileOf(db, partner.id) };
}

/**
 * A partner's billing profile for the admin's partner page, with the name of the admin
 * who confirmed its moms status; null when the partner has none.
 */
export async function getBillingProfileForAdmin(db: Database, actor: Actor, partnerId: string) {
  if (!canAdministerPartners(actor)) throw forbidden();
  if (!isUuid(partnerId)) return null;
  const [row] = await db
    .select({ profile: partnerBillingProfiles, confirmedBy: users.name })
    .from(partnerBillingProfiles)
    .leftJoin(users, eq(users.id, partnerBillingProfiles.vatConfirmedBy))
    .where(eq(partnerBillingProfiles.partnerId, partnerId));
  return row ? { ...row.profile, confirmedByName: row.confirmedBy } : null;
}
