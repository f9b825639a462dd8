import { eq, sql } from "drizzle-orm";
import { partnerBillingPath } from "~/lib/paths";
import { m } from "~/paraglide/messages";
import type { Actor } from "#server/auth/actor";
import { recordAudit } from "#server/audit/record-audit";
import type { Database } from "#server/db/client";
import { partnerBillingProfiles } from "#server/db/schema";
import { AppError } from "#server/errors";
import type { PaymentProvider } from "#server/online-payments/providers/payment-provider";
import { loadManagedPartner } from "#server/partners/partner-profile";
import { billingProfileOf } from "./queries";

/** Where the provider's onboarding sends the partner back: finished (`return`) or with a stale link (`refresh`). */
type PayoutReturn = "return" | "refresh";

/** The billing page of the partner, marked with why the provider sent the partner back. */
const billingPageAfter = (baseUrl: string, partnerId: string, payout: PayoutReturn) =>
  `${baseUrl}${partnerBillingPath(partnerId)}&payout=${payout}`;

/**
 * Starts or continues a partner's onboarding with the payment provider (Stripe Connect):
 * creates the partner's connected account the first time, stores its id on the billing
 * profile (audited), and returns the provider's onboarding link for the page to redirect
 * to. Scoped to the partners the actor manages, so another partner's id is "not found";
 * a partner without billing details is told to save them first, since the account is
 * made with their invoice email. The provider is called outside any transaction, so no
 * lock waits on the network; the id is stored under the profile's row lock and a second
 * request that raced the first keeps the id stored first (at Stripe the partner's
 * idempotency key gives both the same account anyway).
 */
export async function connectPayoutAccount(
  { db, baseUrl, payments }: { db: Database; baseUrl: string; payments: PaymentProvider },
  { actor, partnerId }: { actor: Actor; partnerId: unknown },
): Promise<string> {
  const partner = await loadManagedPartner(db, actor, partnerId);
  const profile = await billingProfileOf(db, partner.id);
  if (!profile) throw new AppError("invalid_transition", m.billing_payout_err_no_profile());

  let accountId = profile.payoutAccountId;
  if (accountId === null) {
    const account = await payments.createConnectedAccount({
      partnerId: partner.id,
      email: profile.invoiceEmail,
      country: "DK",
    });
    accountId = await db.transaction(async (tx) => {
      const locked = await billingProfileOf(tx, partner.id, { forUpdate: true });
      if (!locked) throw new AppError("invalid_transition", m.billing_payout_err_no_profile());
      if (locked.payoutAccountId !== null) return locked.payoutAccountId;
      await tx
        .update(partnerBillingProfiles)
        .set({
          payoutAccountId: account.accountId,
          payoutAccountReady: account.chargesEnabled,
          updatedAt: sql`now()`,
        })
        .where(eq(partnerBillingProfiles.partnerId, partner.id));
      await recordAudit(tx, actor, {
        action: "billing_profile.connect_payout",
        entityId: partner.id,
        partnerId: partner.id,
        summary: `Connected a payout account for ${partner.name}: ${account.accountId}`,
        changes: {
          payoutAccountId: { before: null, after: account.accountId },
          ...(account.chargesEnabled && { payoutAccountReady: { before: false, after: true } }),
        },
      });
      return account.accountId;
    });
  }

  return payments.onboardingLink({
    accountId,
    returnUrl: billingPageAfter(baseUrl, partner.id, "return"),
    refreshUrl: billingPageAfter(baseUrl, partner.id, "refresh"),
  });
}
