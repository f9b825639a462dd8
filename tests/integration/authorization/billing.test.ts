import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { confirmVatStatus } from "#server/billing/confirm-vat-status";
import { connectPayoutAccount } from "#server/billing/connect-payout-account";
import { refreshPayoutAccount } from "#server/billing/refresh-payout-account";
import { updateBillingProfile } from "#server/billing/update-billing-profile";
import {
  auditLog,
  invoices,
  partnerBillingProfiles,
  teamRegistrations,
  testProviderCheckouts,
} from "#server/db/schema";
import { isAppError } from "#server/errors";
import { completeTestOnboarding } from "#server/online-payments/providers/test-provider";
import { createBillingProfile } from "../../support/billing";
import { createTestEvent } from "../../support/events";
import { createTestPartner } from "../../support/partners";
import {
  actorOf,
  allowed,
  castForThisFile,
  forEachActor,
  refused,
  servicesOf,
  signedInOnly,
  type AuthorizationCase,
  type Cast,
  type Target,
} from "./support";

// A partner's billing details (/dashboard/partner/billing): its members and admins save
// them, another partner's member is told "not found". Confirming the moms status, which
// invoices the bookings that waited for it, is an admin's alone. Connecting a payout
// account with the payment provider, and mirroring its state on the way back from the
// provider's onboarding, are for whoever saves the billing details.

const cast = castForThisFile();
const db = () => cast().site.database.db;

type PartnerTarget = Target & { partnerId: string };

const billingPath = (partnerId: string) => `/dashboard/partner/billing?partner=${partnerId}`;

let saves = 0;

function billingForm(bankAccount: string): Record<string, string> {
  return {
    legalName: "Host Rowing Club",
    addressLine: "Strandvænget 46",
    postalCode: "2100",
    city: "København Ø",
    cvr: "29403473",
    vatStatus: "exempt",
    bankRegistration: "1551",
    bankAccount,
    fiCreditorNumber: "",
    invoicePrefix: "HRC-",
    paymentTermsDays: "14",
    invoiceEmail: "kasserer@host-club.example",
  };
}

/** The partner's billing profile and the audit rows of its changes: a refused request leaves both. */
async function billingSnapshot(partnerId: string) {
  const [profile] = await db()
    .select()
    .from(partnerBillingProfiles)
    .where(eq(partnerBillingProfiles.partnerId, partnerId));
  const audit = await db()
    .select({ id: auditLog.id, action: auditLog.action })
    .from(auditLog)
    .where(eq(auditLog.partnerId, partnerId));
  const documents = await db().select().from(invoices).where(eq(invoices.sellerPartnerId, partnerId));
  return { profile: profile ?? null, audit, documents };
}

type Snapshot = Awaited<ReturnType<typeof billingSnapshot>>;

/**
 * The host partner's billing details; its "owner" is the host's member. Each allowed save
 * stores an account number of its own, so each is a change.
 */
const savingBillingDetails: AuthorizationCase<PartnerTarget, Snapshot> = {
  name: "saving a partner's billing details",
  arrange: async (theCast) => ({ owner: theCast.accounts.partner, partnerId: theCast.hostPartnerId }),
  request: (target) => ({ path: billingPath(target.partnerId), form: billingForm(String(1000 + ++saves)) }),
  snapshot: (_cast, target) => billingSnapshot(target.partnerId),
  expected: signedInOnly(allowed(303), { "other partner": refused(404), user: refused(302) }),
  async verify({ target, before }) {
    const after = await billingSnapshot(target.partnerId);
    expect(after.profile?.bankAccount).toBe(String(1000 + saves));
    expect(after.audit.filter((row) => row.action === "billing_profile.update")).toHaveLength(
      before.audit.filter((row) => row.action === "billing_profile.update").length + 1,
    );
  },
};

let partnerCount = 0;

type WaitingTarget = PartnerTarget & { registrationId: string };

/**
 * A partner of its own per actor, whose billing profile waits for an admin, with a booking
 * of the owner confirmed meanwhile for an event that has not started.
 */
async function waitingPartner(theCast: Cast): Promise<WaitingTarget> {
  const partner = await createTestPartner(db(), `Authz Billing ${++partnerCount}`);
  await createBillingProfile(db(), partner.id, { vatConfirmedAt: null, invoicePrefix: `AB${partnerCount}-` });
  const event = await createTestEvent(db(), partner.id);
  const [registration] = await db()
    .insert(teamRegistrations)
    .values({
      eventId: event.id,
      userId: theCast.accounts.owner.id,
      teamName: "Authz Crew",
      company: "Authz A/S",
      status: "confirmed",
      billingCompany: "Authz A/S",
      billingEmail: "finance@authz.example",
    })
    .returning();
  return { owner: theCast.accounts.owner, partnerId: partner.id, registrationId: registration!.id };
}

const confirmingVatStatus: AuthorizationCase<WaitingTarget, Snapshot> = {
  name: "confirming a partner's moms status",
  arrange: waitingPartner,
  request: (target) => ({
    path: `/dashboard/admin/partners/${target.partnerId}`,
    form: { intent: "confirm-vat", legalName: "Københavns Roklub", cvr: "29403473", vatStatus: "registered" },
  }),
  snapshot: (_cast, target) => billingSnapshot(target.partnerId),
  // Everyone but an admin is sent to their own dashboard before the command runs.
  expected: signedInOnly(refused(302), { admin: allowed(303) }),
  async verify({ cast: theCast, target }) {
    const after = await billingSnapshot(target.partnerId);
    expect(after.profile?.vatConfirmedBy).toBe(theCast.accounts.admin.id);
    expect(after.audit.map((row) => row.action)).toContain("billing_profile.confirm_vat");
    expect(after.documents.map((document) => document.registrationId)).toEqual([target.registrationId]);
  },
};

describe("billing details", () => {
  forEachActor(savingBillingDetails, cast);
  forEachActor(confirmingVatStatus, cast);

  it("refuses the save command itself to another partner's member as not found", async () => {
    const { hostPartnerId } = cast();
    const before = await billingSnapshot(hostPartnerId);
    const refusal = await updateBillingProfile(servicesOf(cast()), {
      actor: actorOf(cast(), "other partner"),
      partnerId: hostPartnerId,
      input: billingForm("999"),
    }).catch((error: unknown) => error);
    expect(isAppError(refusal) && refusal.code).toBe("not_found");
    expect(await billingSnapshot(hostPartnerId)).toEqual(before);
  });

  it("refuses the confirmation command itself to the partner's own member", async () => {
    const target = await waitingPartner(cast());
    const before = await billingSnapshot(target.partnerId);
    const refusal = await confirmVatStatus(servicesOf(cast()), {
      actor: actorOf(cast(), "partner"),
      partnerId: target.partnerId,
      input: { legalName: "Københavns Roklub", cvr: "29403473", vatStatus: "registered" },
    }).catch((error: unknown) => error);
    expect(isAppError(refusal) && refusal.code).toBe("forbidden");
    // Nothing confirmed, audited or invoiced.
    expect(await billingSnapshot(target.partnerId)).toEqual(before);
  });
});

/** The host's billing profile with no payout account yet, made first when no save made it. */
async function hostWithoutPayoutAccount(theCast: Cast): Promise<PartnerTarget> {
  const partnerId = theCast.hostPartnerId;
  if (!(await billingSnapshot(partnerId)).profile) await createBillingProfile(db(), partnerId);
  await db()
    .update(partnerBillingProfiles)
    .set({ payoutAccountId: null, payoutAccountReady: false })
    .where(eq(partnerBillingProfiles.partnerId, partnerId));
  return { owner: theCast.accounts.partner, partnerId };
}

/** The billing snapshot with the test provider's accounts made for the partner. */
async function payoutSnapshot(partnerId: string) {
  const accounts = await db()
    .select()
    .from(testProviderCheckouts)
    .where(eq(testProviderCheckouts.paymentId, partnerId));
  return { ...(await billingSnapshot(partnerId)), accounts };
}

type PayoutSnapshot = Awaited<ReturnType<typeof payoutSnapshot>>;

const auditCount = (snapshot: Snapshot, action: string) =>
  snapshot.audit.filter((row) => row.action === action).length;

const connectingPayoutAccount: AuthorizationCase<PartnerTarget, PayoutSnapshot> = {
  name: "connecting a partner's payout account",
  arrange: hostWithoutPayoutAccount,
  request: (target) => ({ path: billingPath(target.partnerId), form: { intent: "connect-payout" } }),
  snapshot: (_cast, target) => payoutSnapshot(target.partnerId),
  // Allowed: sent on to the provider's onboarding.
  expected: signedInOnly(allowed(302), { "other partner": refused(404), user: refused(302) }),
  async verify({ target, before, response }) {
    const after = await payoutSnapshot(target.partnerId);
    const accountId = after.profile?.payoutAccountId;
    expect(accountId).toMatch(/^tp_acct_/);
    expect(response.headers.get("location")).toContain(`/test-payment/onboarding/${accountId}`);
    expect(after.accounts).toHaveLength(before.accounts.length + 1);
    expect(auditCount(after, "billing_profile.connect_payout")).toBe(
      auditCount(before, "billing_profile.connect_payout") + 1,
    );
  },
};

/** The host with a payout account whose onboarding the provider has finished, stored as not ready yet. */
async function hostBackFromOnboarding(theCast: Cast): Promise<PartnerTarget> {
  const target = await hostWithoutPayoutAccount(theCast);
  const services = { ...servicesOf(theCast), payments: theCast.site.payments };
  const actor = actorOf(theCast, "admin");
  await connectPayoutAccount(services, { actor, partnerId: target.partnerId });
  const { profile } = await billingSnapshot(target.partnerId);
  await completeTestOnboarding(db(), profile!.payoutAccountId!);
  return target;
}

const returningFromOnboarding: AuthorizationCase<PartnerTarget, PayoutSnapshot> = {
  name: "coming back from a partner's payout onboarding",
  arrange: hostBackFromOnboarding,
  request: (target) => ({ path: `${billingPath(target.partnerId)}&payout=return` }),
  snapshot: (_cast, target) => payoutSnapshot(target.partnerId),
  expected: signedInOnly(allowed(200), { "other partner": refused(404), user: refused(302) }),
  async verify({ target, before }) {
    const after = await payoutSnapshot(target.partnerId);
    expect(after.profile?.payoutAccountReady).toBe(true);
    expect(auditCount(after, "billing_profile.payout_ready")).toBe(
      auditCount(before, "billing_profile.payout_ready") + 1,
    );
  },
};

describe("payout accounts", () => {
  forEachActor(connectingPayoutAccount, cast);
  forEachActor(returningFromOnboarding, cast);

  it("refuses both commands themselves to another partner's member as not found", async () => {
    const target = await hostBackFromOnboarding(cast());
    const services = { ...servicesOf(cast()), payments: cast().site.payments };
    const actor = actorOf(cast(), "other partner");
    const before = await payoutSnapshot(target.partnerId);
    for (const command of [connectPayoutAccount, refreshPayoutAccount]) {
      const refusal = await command(services, { actor, partnerId: target.partnerId }).catch(
        (error: unknown) => error,
      );
      expect(isAppError(refusal) && refusal.code).toBe("not_found");
    }
    expect(await payoutSnapshot(target.partnerId)).toEqual(before);
  });
});
