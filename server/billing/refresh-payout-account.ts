import { eq, sql } from "drizzle-orm";
import type { Actor } from "#server/auth/actor";
import { recordAudit } from "#server/audit/record-audit";
import type { Database } from "#server/db/client";
import { returnedRow } from "#server/db/rows";
import { partnerBillingProfiles } from "#server/db/schema";
import type { PaymentProvider } from "#server/online-payments/providers/payment-provider";
import { loadManagedPartner } from "#server/partners/partner-profile";
import { billingProfileOf, type BillingProfileRow } from "./queries";

/**
 * Reads the partner's connected account at the payment provider and stores whether it
 * takes charges (`payout_account_ready`), so checkouts become destination charges once
 * onboarding is done, and stop being ones if the provider disables the account. Scoped to
 * the partners the actor manages; a partner without a payout account has nothing to read
 * and its profile (or null) comes back as it is. The provider is read outside any
 * transaction; the change is written under the profile's row lock, audited, and only when
 * the state changed and the account is still the one that was read.
 */
export async function refreshPayoutAccount(
  { db, payments }: { db: Database; payments: PaymentProvider },
  { actor, partnerId }: { actor: Actor; partnerId: unknown },
): Promise<BillingProfileRow | null> {
  const partner = await loadManagedPartner(db, actor, partnerId);
  const profile = await billingProfileOf(db, partner.id);
  const accountId = profile?.payoutAccountId;
  if (!profile || !accountId) return profile;

  const { chargesEnabled } = await payments.readConnectedAccount(accountId);
  if (chargesEnabled === profile.payoutAccountReady) return profile;

  return db.transaction(async (tx) => {
    const locked = await billingProfileOf(tx, partner.id, { forUpdate: true });
    if (!locked || locked.payoutAccountId !== accountId || locked.payoutAccountReady === chargesEnabled) {
      return locked;
    }
    const after = await tx
      .update(partnerBillingProfiles)
      .set({ payoutAccountReady: chargesEnabled, updatedAt: sql`now()` })
      .where(eq(partnerBillingProfiles.partnerId, partner.id))
      .returning()
      .then(returnedRow);
    await recordAudit(tx, actor, {
      action: "billing_profile.payout_ready",
      entityId: partner.id,
      partnerId: partner.id,
      summary: chargesEnabled
        ? `The payout account ${accountId} of ${partner.name} takes payments`
        : `The payout account ${accountId} of ${partner.name} no longer takes payments`,
      changes: { payoutAccountReady: { before: locked.payoutAccountReady, after: chargesEnabled } },
    });
    return after;
  });
}
