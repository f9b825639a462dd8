import { sql } from "drizzle-orm";
import { billingProfileSchema, VAT_CONFIRMED_FIELDS } from "~/lib/forms/billing-profile-schema";
import type { Actor } from "#server/auth/actor";
import { changedFields, recordAudit } from "#server/audit/record-audit";
import type { Database } from "#server/db/client";
import { returnedRow } from "#server/db/rows";
import { partnerBillingProfiles } from "#server/db/schema";
import { parseInput } from "#server/errors";
import { loadManagedPartner } from "#server/partners/partner-profile";
import { billingProfileOf, type BillingProfileRow } from "./queries";

/**
 * Saves a partner's billing profile: a member saves their own partners', an admin any
 * partner's; the first save creates it. A change of what an admin confirmed (the legal
 * name, the CVR number, the moms status) clears the confirmation, so the partner's
 * bookings wait for an admin to confirm again before they are invoiced (ADR 035). The
 * audit row names each changed field, the cleared confirmation among them; a save that
 * changes nothing writes nothing.
 */
export async function updateBillingProfile(
  { db }: { db: Database },
  { actor, partnerId, input }: { actor: Actor; partnerId: unknown; input: unknown },
): Promise<BillingProfileRow> {
  return db.transaction(async (tx) => {
    // The scope first: another partner's id is "not found" whatever the form holds. The
    // partner's row is locked, so two first saves do not both create the profile.
    const partner = await loadManagedPartner(tx, actor, partnerId, { forUpdate: true });
    const values = parseInput(billingProfileSchema, input);
    const before = await billingProfileOf(tx, partner.id, { forUpdate: true });
    const changes = changedFields<Record<string, unknown>>(before ?? {}, values);
    if (before && Object.keys(changes).length === 0) return before;

    const reconfirm = VAT_CONFIRMED_FIELDS.some((field) => field in changes);
    const confirmation = reconfirm ? { vatConfirmedAt: null, vatConfirmedBy: null } : {};
    const after = await tx
      .insert(partnerBillingProfiles)
      .values({ partnerId: partner.id, ...values })
      .onConflictDoUpdate({
        target: partnerBillingProfiles.partnerId,
        set: { ...values, ...confirmation, updatedAt: sql`now()` },
      })
      .returning()
      .then(returnedRow);
    if (before?.vatConfirmedAt && reconfirm) {
      changes.vatConfirmedAt = { before: before.vatConfirmedAt, after: null };
    }
    await recordAudit(tx, actor, {
      action: "billing_profile.update",
      entityId: partner.id,
      partnerId: partner.id,
      summary: `${before ? "Updated" : "Created"} the billing details of ${partner.name}`,
      changes,
    });
    return after;
  });
}
