import { randomUUID } from "node:crypto";
import { and, asc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rosterFieldName } from "~/lib/forms/registration-schema";
import { connectPayoutAccount } from "#server/billing/connect-payout-account";
import { refreshPayoutAccount } from "#server/billing/refresh-payout-account";
import {
  auditLog,
  partnerBillingProfiles,
  payments,
  profiles,
  testProviderCheckouts,
} from "#server/db/schema";
import {
  completeTestOnboarding,
  readTestAccount,
  readTestCheckout,
} from "#server/online-payments/providers/test-provider";
import { startCheckout } from "#server/online-payments/start-checkout";
import { registerTeam } from "#server/registrations/register-team";
import { createAccount, postForm, userActor, type TestAccount } from "../support/accounts";
import { createBillingProfile } from "../support/billing";
import { partnerActor } from "../support/event-publishing";
import { createTestEvent } from "../support/events";
import { createTestSite, TEST_BASE_URL, type TestSite } from "../support/http-app";
import { createTestPartner } from "../support/partners";

// A partner's payout account with the payment provider (Stripe Connect, here the test
// provider): connected from the billing page through the provider's onboarding, its state
// mirrored when the partner comes back, shown read-only on the admin's partner page, and
// making a ready partner's checkouts destination charges that keep RCL's commission as the
// application fee. Who may post the button, as every kind of actor: authorization/billing.test.ts.

let site: TestSite;
let club: Awaited<ReturnType<typeof createTestPartner>>;
let otherClub: Awaited<ReturnType<typeof createTestPartner>>;
let member: TestAccount;
let danishMember: TestAccount;
let otherMember: TestAccount;
let admin: TestAccount;

const db = () => site.database.db;

beforeAll(async () => {
  site = await createTestSite({ seed: false });
  club = await createTestPartner(db(), "Payout Rowing Club", { tier: "premium", revenueSharePercent: 10 });
  otherClub = await createTestPartner(db(), "Neighbour Payout Club");
  member = await createAccount(site, { role: "partner", partnerId: club.id, firstName: "Maja" });
  danishMember = await createAccount(site, { role: "partner", partnerId: club.id, firstName: "Dorthe" });
  await db().update(profiles).set({ language: "da" }).where(eq(profiles.userId, danishMember.id));
  danishMember.cookie = `${danishMember.cookie}; lang=da`;
  otherMember = await createAccount(site, { role: "partner", partnerId: otherClub.id, firstName: "Ole" });
  admin = await createAccount(site, { role: "admin", firstName: "Astrid" });
});

afterAll(async () => {
  await site?.background.settled();
  await site?.close();
});

const pageOf = (partnerId: string, payout?: string) =>
  `/dashboard/partner/billing?partner=${partnerId}${payout ? `&payout=${payout}` : ""}`;
const CONNECT = { intent: "connect-payout" };

const open = (path: string, cookie: string) =>
  site.request(path, { headers: { Cookie: cookie }, redirect: "manual" });
const textOf = (html: string) => html.replaceAll("<!-- -->", "").replaceAll("&#x27;", "'");
const pageText = async (path: string, cookie: string) => textOf(await (await open(path, cookie)).text());

async function profileOf(partnerId: string) {
  const [row] = await db()
    .select()
    .from(partnerBillingProfiles)
    .where(eq(partnerBillingProfiles.partnerId, partnerId));
  return row ?? null;
}

const auditOf = (partnerId: string, action: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.partnerId, partnerId), eq(auditLog.action, action)))
    .orderBy(asc(auditLog.createdAt));

/** The test provider's connected accounts made for a partner (its rows keep the partner's id). */
const testAccountsOf = (partnerId: string) =>
  db()
    .select()
    .from(testProviderCheckouts)
    .where(
      and(eq(testProviderCheckouts.paymentId, partnerId), like(testProviderCheckouts.id, "tp\\_acct\\_%")),
    );

/** What the commands take, from the site the pages run on. */
const services = () => ({ db: db(), jobs: site.jobs, baseUrl: site.baseUrl, payments: site.payments });

describe("online payments on the billing page", () => {
  it("asks for the billing details first, and says that no money moves with the test provider", async () => {
    const html = await pageText(pageOf(club.id), member.cookie);
    expect(html).toMatch(/<h2[^>]*id="online-payments"[^>]*>Online payments<\/h2>/);
    expect(html).toContain("Test payment – no real money moves");
    expect(html).toContain(
      "Connect a payout account and online payments for your events go straight to your account, with RCL's commission kept as a fee. Without one, RCL collects the payments and pays you with the monthly statement.",
    );
    expect(html).toContain("Save your billing details below first; then you can connect a payout account.");
    expect(html).not.toContain('value="connect-payout"');
  });

  it("refuses to connect without billing details, with a message, and makes no account", async () => {
    const response = await postForm(site, pageOf(club.id), CONNECT, member.cookie);
    expect(response.status).toBe(409);
    expect(textOf(await response.text())).toContain(
      "Please save your billing details before you connect a payout account.",
    );
    expect(await profileOf(club.id)).toBeNull();
    expect(await testAccountsOf(club.id)).toEqual([]);
  });

  it("connects: creates the account once, audited, and sends the partner to the provider's onboarding", async () => {
    await createBillingProfile(db(), club.id, { invoiceEmail: "kasserer@payout-club.example" });
    const html = await pageText(pageOf(club.id), member.cookie);
    expect(html).toContain('value="connect-payout"');
    expect(html).toContain("Connect a payout account</button>");

    const response = await postForm(site, pageOf(club.id), CONNECT, member.cookie);
    expect(response.status).toBe(302);
    const { payoutAccountId, payoutAccountReady } = (await profileOf(club.id))!;
    expect(payoutAccountId).toMatch(/^tp_acct_/);
    expect(payoutAccountReady).toBe(false);
    expect(response.headers.get("location")).toBe(
      `${TEST_BASE_URL}/test-payment/onboarding/${payoutAccountId}`,
    );
    // Made with the partner's invoice email; the provider sends the partner back to this page.
    const account = await readTestAccount(db(), payoutAccountId!);
    expect(account).toMatchObject({
      description: "kasserer@payout-club.example",
      successUrl: `${TEST_BASE_URL}${pageOf(club.id, "return")}`,
      cancelUrl: `${TEST_BASE_URL}${pageOf(club.id, "refresh")}`,
    });
    const [audit, ...more] = await auditOf(club.id, "billing_profile.connect_payout");
    expect(more).toEqual([]);
    expect(audit).toMatchObject({
      actorUserId: member.id,
      entityType: "partner_billing_profile",
      entityId: club.id,
      changes: { payoutAccountId: { before: null, after: payoutAccountId } },
    });
  });

  it("shows an unfinished onboarding, and continuing it reuses the account", async () => {
    const { payoutAccountId } = (await profileOf(club.id))!;
    const html = await pageText(pageOf(club.id), member.cookie);
    expect(html).toContain("Onboarding not finished");
    expect(html).toContain("Continue onboarding</button>");
    expect(html).not.toContain("The onboarding link has expired.");
    expect(await pageText(pageOf(club.id, "refresh"), member.cookie)).toContain(
      "The onboarding link has expired. Continue onboarding to pick up where you left off.",
    );

    const again = await postForm(site, pageOf(club.id), CONNECT, member.cookie);
    expect(again.headers.get("location")).toBe(`${TEST_BASE_URL}/test-payment/onboarding/${payoutAccountId}`);
    expect((await profileOf(club.id))?.payoutAccountId).toBe(payoutAccountId);
    expect(await testAccountsOf(club.id)).toHaveLength(1);
    expect(await auditOf(club.id, "billing_profile.connect_payout")).toHaveLength(1);

    // Back from the provider unfinished: still not ready, nothing written.
    expect(await pageText(pageOf(club.id, "return"), member.cookie)).toContain("Onboarding not finished");
    expect((await profileOf(club.id))?.payoutAccountReady).toBe(false);
    expect(await auditOf(club.id, "billing_profile.payout_ready")).toEqual([]);
  });

  it("stores the account ready when the partner comes back from a finished onboarding", async () => {
    const { payoutAccountId } = (await profileOf(club.id))!;
    // The test provider's onboarding page sends the partner back where the site asked.
    const done = await site.request(`/test-payment/onboarding/${payoutAccountId}`, {
      method: "POST",
      headers: { Origin: TEST_BASE_URL },
      redirect: "manual",
    });
    const back = done.headers.get("location")!;
    expect(back).toBe(`${TEST_BASE_URL}${pageOf(club.id, "return")}`);

    const html = await pageText(back.slice(TEST_BASE_URL.length), member.cookie);
    expect(html).toContain(`Payouts go to your account ${payoutAccountId}`);
    expect(html).not.toContain("Continue onboarding");
    expect((await profileOf(club.id))?.payoutAccountReady).toBe(true);
    const [audit] = await auditOf(club.id, "billing_profile.payout_ready");
    expect(audit).toMatchObject({
      actorUserId: member.id,
      changes: { payoutAccountReady: { before: false, after: true } },
    });

    // Coming back again mirrors the same state and writes nothing more.
    await open(pageOf(club.id, "return"), member.cookie);
    expect(await auditOf(club.id, "billing_profile.payout_ready")).toHaveLength(1);
  });

  it("is in Danish for a member who reads Danish", async () => {
    const html = await pageText(pageOf(club.id), danishMember.cookie);
    expect(html).toMatch(/<h2[^>]*>Onlinebetalinger<\/h2>/);
    expect(html).toContain("Udbetalinger går til din konto tp_acct_");
  });

  it("shows the admin where the partner's online payments go, read-only", async () => {
    const { payoutAccountId } = (await profileOf(club.id))!;
    const html = await pageText(`/dashboard/admin/partners/${club.id}`, admin.cookie);
    expect(html).toContain("Payout account");
    expect(html).toContain(
      `${payoutAccountId}: online payments go straight to it, with RCL's commission kept as a fee`,
    );
    expect(html).not.toContain('value="connect-payout"');

    await createBillingProfile(db(), otherClub.id);
    expect(await pageText(`/dashboard/admin/partners/${otherClub.id}`, admin.cookie)).toContain(
      "None: online payments are paid with the monthly statement",
    );
  });
});

describe("another partner's payout account", () => {
  it("is not found for a member of another partner, and nothing changes", async () => {
    const before = await profileOf(club.id);
    const accounts = await testAccountsOf(club.id);
    const posted = await postForm(site, pageOf(club.id), CONNECT, otherMember.cookie);
    expect(posted.status).toBe(404);
    expect((await open(pageOf(club.id, "return"), otherMember.cookie)).status).toBe(404);
    expect(await profileOf(club.id)).toEqual(before);
    expect(await testAccountsOf(club.id)).toEqual(accounts);

    const actor = partnerActor(otherMember, otherClub.id);
    await expect(connectPayoutAccount(services(), { actor, partnerId: club.id })).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(refreshPayoutAccount(services(), { actor, partnerId: club.id })).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(connectPayoutAccount(services(), { actor, partnerId: "not-a-uuid" })).rejects.toMatchObject({
      code: "not_found",
    });
    expect(await profileOf(club.id)).toEqual(before);
  });
});

describe("connecting and refreshing, called directly", () => {
  it("stores one account when two requests connect at once", async () => {
    const partner = await createTestPartner(db(), `Racing Payout ${randomUUID().slice(0, 6)}`);
    await createBillingProfile(db(), partner.id);
    const actor = partnerActor(member, partner.id);
    const links = await Promise.all([
      connectPayoutAccount(services(), { actor, partnerId: partner.id }),
      connectPayoutAccount(services(), { actor, partnerId: partner.id }),
    ]);
    const { payoutAccountId } = (await profileOf(partner.id))!;
    expect(links).toEqual([
      `${TEST_BASE_URL}/test-payment/onboarding/${payoutAccountId}`,
      `${TEST_BASE_URL}/test-payment/onboarding/${payoutAccountId}`,
    ]);
    expect(await auditOf(partner.id, "billing_profile.connect_payout")).toHaveLength(1);
  });

  it("stores an account the provider stopped taking charges from as not ready, audited", async () => {
    const partner = await createTestPartner(db(), `Disabled Payout ${randomUUID().slice(0, 6)}`);
    await createBillingProfile(db(), partner.id);
    const actor = partnerActor(member, partner.id);
    await connectPayoutAccount(services(), { actor, partnerId: partner.id });
    const { payoutAccountId } = (await profileOf(partner.id))!;
    await completeTestOnboarding(db(), payoutAccountId!);
    expect(await refreshPayoutAccount(services(), { actor, partnerId: partner.id })).toMatchObject({
      payoutAccountReady: true,
    });
    await db()
      .update(testProviderCheckouts)
      .set({ status: "open" })
      .where(eq(testProviderCheckouts.id, payoutAccountId!));
    expect(await refreshPayoutAccount(services(), { actor, partnerId: partner.id })).toMatchObject({
      payoutAccountReady: false,
    });
    const audits = await auditOf(partner.id, "billing_profile.payout_ready");
    expect(audits.map((row) => row.changes)).toEqual([
      { payoutAccountReady: { before: false, after: true } },
      { payoutAccountReady: { before: true, after: false } },
    ]);
  });

  it("has nothing to refresh before an account is connected", async () => {
    const partner = await createTestPartner(db(), `Unconnected ${randomUUID().slice(0, 6)}`);
    const actor = partnerActor(member, partner.id);
    expect(await refreshPayoutAccount(services(), { actor, partnerId: partner.id })).toBeNull();
    await createBillingProfile(db(), partner.id);
    expect(await refreshPayoutAccount(services(), { actor, partnerId: partner.id })).toMatchObject({
      payoutAccountId: null,
      payoutAccountReady: false,
    });
    expect(await auditOf(partner.id, "billing_profile.payout_ready")).toEqual([]);
  });
});

describe("a checkout for a partner with a payout account", () => {
  const now = new Date("2027-05-03T10:00:00Z");

  /** A held booking of a new booker for the event, with its checkout opened. */
  async function checkoutFor(eventId: string) {
    const booker = await createAccount(site, { firstName: "Bo" });
    const { registration } = await registerTeam(services(), {
      actor: userActor(booker.id),
      eventId,
      input: {
        teamName: `Paying Crew ${randomUUID().slice(0, 4)}`,
        company: "Nordlys ApS",
        billingCompany: "Nordlys ApS",
        billingAddressLine: "Vesterbrogade 12",
        billingPostalCode: "1620",
        billingCity: "København V",
        cvr: "35954716",
        billingEmail: "bogholderi@nordlys.example",
        captainName: "Captain",
        captainEmail: "captain@nordlys.example",
        captainPhone: "+45 11 22 33 44",
        [rosterFieldName(0, "name")]: "Captain",
        acceptTerms: "on",
      },
      idempotencyKey: randomUUID(),
      paymentMethod: "online",
      now,
    });
    const { paymentId } = await startCheckout(services(), {
      actor: userActor(booker.id),
      registrationId: registration.id,
      now,
    });
    const [payment] = await db().select().from(payments).where(eq(payments.id, paymentId));
    return { payment: payment!, checkout: await readTestCheckout(db(), payment!.checkoutId) };
  }

  const eventOf = (partnerId: string) =>
    createTestEvent(db(), partnerId, {
      now,
      priceMinor: 400_000,
      maxTeams: 5,
      paymentMethods: "both",
      publishedAt: now,
    });

  it("is a destination charge to the ready account, keeping RCL's commission with its moms as the fee", async () => {
    const { payoutAccountId, payoutAccountReady } = (await profileOf(club.id))!;
    expect(payoutAccountReady).toBe(true);
    const { payment, checkout } = await checkoutFor((await eventOf(club.id)).id);
    // 4,000 kr. net + 25 % moms; RCL's 10 % of the net (400 kr.) with 25 % moms is 500 kr.
    expect(payment).toMatchObject({
      amountMinor: 500_000,
      destinationAccountId: payoutAccountId,
      applicationFeeMinor: 50_000,
    });
    expect(checkout).toMatchObject({
      amountMinor: 500_000,
      destinationAccountId: payoutAccountId,
      applicationFeeMinor: 50_000,
    });
  });

  it("is RCL's alone while the partner's onboarding is not finished", async () => {
    const partner = await createTestPartner(db(), `Unfinished ${randomUUID().slice(0, 6)}`, {
      tier: "premium",
      revenueSharePercent: 10,
    });
    await createBillingProfile(db(), partner.id);
    await connectPayoutAccount(services(), {
      actor: partnerActor(member, partner.id),
      partnerId: partner.id,
    });
    const { payment, checkout } = await checkoutFor((await eventOf(partner.id)).id);
    expect(payment).toMatchObject({ destinationAccountId: null, applicationFeeMinor: 0 });
    expect(checkout).toMatchObject({ destinationAccountId: null, applicationFeeMinor: 0 });
  });
});
