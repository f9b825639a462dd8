import { randomUUID } from "node:crypto";
import Stripe from "stripe";
import { beforeAll, describe, expect, it } from "vitest";
import type { AppError } from "#server/errors";
import type { CheckoutRequest, PaymentProvider } from "#server/online-payments/providers/payment-provider";
import { createStripeProvider } from "#server/online-payments/providers/stripe-provider";
import { chooseOnTestCheckout, createTestProvider } from "#server/online-payments/providers/test-provider";
import { testWebhookSecret } from "#server/online-payments/providers/test-webhooks";
import { createTestDatabase } from "../support/database";
import { recordingJobs } from "../support/jobs";
import { fakeStripeApi } from "../support/stripe-api";

/**
 * One contract, every adapter (ADR 036): what the booking flow relies on a payment provider
 * for. The Stripe adapter runs offline through the SDK's own HTTP layer against Stripe's
 * objects (tests/support/stripe-api.ts). With STRIPE_TEST_SECRET_KEY=sk_test_… it runs
 * against Stripe's test mode instead, where a checkout can only be paid in a browser: the
 * steps after paying are skipped there.
 */

const liveKey = process.env.STRIPE_TEST_SECRET_KEY;
const BASE_URL = "https://rcl.test";
const STRIPE_WEBHOOK_SECRET = "whsec_contract_test_secret";

type Adapter = {
  provider: PaymentProvider;
  webhookSecret: string;
  /** The payer pays an open checkout by card at the provider; null where no code can (Stripe's test mode). */
  pay: ((checkoutId: string) => Promise<void>) | null;
};

async function testAdapter(): Promise<Adapter> {
  const database = await createTestDatabase();
  const { jobs } = recordingJobs(database);
  const webhookSecret = testWebhookSecret("contract-test-auth-secret-of-enough-length");
  const provider = createTestProvider({ db: database.db, jobs, baseUrl: BASE_URL, webhookSecret });
  return {
    provider,
    webhookSecret,
    pay: async (checkoutId) => {
      await chooseOnTestCheckout({ db: database.db, jobs }, { checkoutId, choice: "card" });
    },
  };
}

function stripeAdapter(): Adapter {
  if (liveKey) {
    return {
      provider: createStripeProvider({ secretKey: liveKey, webhookSecret: STRIPE_WEBHOOK_SECRET }),
      webhookSecret: STRIPE_WEBHOOK_SECRET,
      pay: null,
    };
  }
  const api = fakeStripeApi();
  return {
    provider: createStripeProvider({
      secretKey: "sk_test_contract",
      webhookSecret: STRIPE_WEBHOOK_SECRET,
      httpClient: api.httpClient,
    }),
    webhookSecret: STRIPE_WEBHOOK_SECRET,
    pay: async (checkoutId) => api.pay(checkoutId),
  };
}

function checkoutRequest(overrides: Partial<CheckoutRequest> = {}): CheckoutRequest {
  return {
    paymentId: randomUUID(),
    amountMinor: 500_000,
    currency: "DKK",
    description: "Team place – Harbour Regatta, RCL-7K3Q9P",
    customerEmail: "booker@company.example",
    locale: "da",
    successUrl: `${BASE_URL}/events/harbour-regatta/registered/1`,
    cancelUrl: `${BASE_URL}/events/harbour-regatta/register`,
    expiresAt: new Date(Date.now() + 15 * 60_000),
    destination: null,
    ...overrides,
  };
}

/** A webhook body as the provider sends one: an event about the checkout. */
function sessionEvent(checkoutId: string, type = "checkout.session.completed") {
  return JSON.stringify({
    id: `evt_${randomUUID().replaceAll("-", "")}`,
    object: "event",
    type,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object: { id: checkoutId, object: "checkout.session", payment_intent: null } },
  });
}

const sign = (payload: string, secret: string) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret });

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toHaveProperty("name", "AppError");
  return error as AppError;
}

describe.each([
  ["test", testAdapter],
  ["stripe", async () => stripeAdapter()],
] as const)("the %s payment provider", (name, make) => {
  let adapter: Adapter;
  beforeAll(async () => {
    adapter = await make();
  });
  // Stripe's test mode has no API to pay a Checkout Session: a browser must.
  const payable = () => (name === "stripe" && liveKey ? it.skip : it);

  it("names itself, and says whether it moves real money", () => {
    expect(adapter.provider.name).toBe(name);
    expect(adapter.provider.isTest).toBe(name === "test");
  });

  it("creates a hosted checkout that reads open, for the amount asked", async () => {
    const { checkoutId, url } = await adapter.provider.createCheckout(checkoutRequest());
    expect(url).toMatch(/^https:\/\//);
    expect(checkoutId).toMatch(name === "test" ? /^tp_cs_/ : /^cs_/);
    expect(await adapter.provider.readPayment(checkoutId)).toEqual({
      checkoutId,
      status: "open",
      providerPaymentId: null,
      method: null,
      amountMinor: 500_000,
      currency: "DKK",
      refunds: [],
      failureReason: null,
    });
  });

  it("gives the same checkout when asked again for the same payment", async () => {
    const request = checkoutRequest();
    const first = await adapter.provider.createCheckout(request);
    const again = await adapter.provider.createCheckout(request);
    expect(again.checkoutId).toBe(first.checkoutId);
  });

  it("reads an unknown checkout as not found", async () => {
    const unknown = name === "test" ? "tp_cs_000000000000000000000000" : "cs_test_unknown";
    expect((await refusal(adapter.provider.readPayment(unknown))).code).toBe("not_found");
  });

  payable()("reads a paid checkout with its payment and the way it was paid", async () => {
    const { checkoutId } = await adapter.provider.createCheckout(checkoutRequest());
    await adapter.pay!(checkoutId);
    const payment = await adapter.provider.readPayment(checkoutId);
    expect(payment).toMatchObject({ checkoutId, status: "paid", method: "card", amountMinor: 500_000 });
    expect(payment.providerPaymentId).toMatch(name === "test" ? /^tp_pi_/ : /^pi_/);
  });

  payable()("refunds part of a payment, once per key, and never more than is left", async () => {
    const { checkoutId } = await adapter.provider.createCheckout(checkoutRequest());
    await adapter.pay!(checkoutId);
    const { providerPaymentId } = await adapter.provider.readPayment(checkoutId);
    const request = { providerPaymentId: providerPaymentId!, fromDestination: false };

    const key = randomUUID();
    const first = await adapter.provider.refund({ ...request, amountMinor: 200_000, idempotencyKey: key });
    expect(first).toMatchObject({ amountMinor: 200_000, status: "succeeded", idempotencyKey: key });
    expect(first.providerRefundId).toMatch(name === "test" ? /^tp_re_/ : /^re_/);

    // Asked again with the same key (a retry after a crash): the same refund, made once.
    expect(await adapter.provider.refund({ ...request, amountMinor: 200_000, idempotencyKey: key })).toEqual(
      first,
    );

    const tooMuch = await refusal(
      adapter.provider.refund({ ...request, amountMinor: 300_001, idempotencyKey: randomUUID() }),
    );
    expect(tooMuch.code).toBe("conflict");

    const rest = await adapter.provider.refund({
      ...request,
      amountMinor: 300_000,
      idempotencyKey: randomUUID(),
    });
    const payment = await adapter.provider.readPayment(checkoutId);
    expect(payment.status).toBe("paid");
    expect(payment.refunds.map((refund) => refund.providerRefundId).sort()).toEqual(
      [first.providerRefundId, rest.providerRefundId].sort(),
    );
    expect(payment.refunds.reduce((sum, refund) => sum + refund.amountMinor, 0)).toBe(500_000);
  });

  it("reads a webhook signed with its secret, naming the checkout", async () => {
    const { checkoutId } = await adapter.provider.createCheckout(checkoutRequest());
    const body = sessionEvent(checkoutId);
    const notice = adapter.provider.parseWebhook(body, sign(body, adapter.webhookSecret));
    expect(notice).toEqual({
      eventId: JSON.parse(body).id,
      type: "checkout.session.completed",
      checkoutId,
      providerPaymentId: null,
    });
  });

  it("refuses a webhook that is unsigned, signed with another secret, or changed after signing", () => {
    const body = sessionEvent("cs_test_any");
    const refusals = [
      () => adapter.provider.parseWebhook(body, null),
      () => adapter.provider.parseWebhook(body, sign(body, "whsec_someone_else")),
      () =>
        adapter.provider.parseWebhook(
          body.replace("cs_test_any", "cs_test_other"),
          sign(body, adapter.webhookSecret),
        ),
      () => adapter.provider.parseWebhook(body, "t=1,v1=00"),
    ];
    for (const parse of refusals) {
      expect(parse).toThrow(expect.objectContaining({ name: "AppError", code: "invalid" }));
    }
  });

  it("expires an open checkout, and leaves a paid one as it is", async () => {
    const open = await adapter.provider.createCheckout(checkoutRequest());
    await adapter.provider.expireCheckout(open.checkoutId);
    expect((await adapter.provider.readPayment(open.checkoutId)).status).toBe("expired");
    // Expiring again (a retried job) changes nothing.
    await adapter.provider.expireCheckout(open.checkoutId);
    expect((await adapter.provider.readPayment(open.checkoutId)).status).toBe("expired");
    if (!adapter.pay) return;
    const paid = await adapter.provider.createCheckout(checkoutRequest());
    await adapter.pay(paid.checkoutId);
    await adapter.provider.expireCheckout(paid.checkoutId);
    expect((await adapter.provider.readPayment(paid.checkoutId)).status).toBe("paid");
  });

  it("creates a partner's connected account, links its onboarding, and reads it not yet ready", async () => {
    const account = await adapter.provider.createConnectedAccount({
      partnerId: randomUUID(),
      email: "treasurer@club.example",
      country: "DK",
    });
    expect(account.chargesEnabled).toBe(false);
    const link = await adapter.provider.onboardingLink({
      accountId: account.accountId,
      returnUrl: `${BASE_URL}/dashboard/partner/billing`,
      refreshUrl: `${BASE_URL}/dashboard/partner/billing?onboarding=again`,
    });
    expect(link).toMatch(/^https:\/\//);
    expect(await adapter.provider.readConnectedAccount(account.accountId)).toEqual(account);
  });
});

/** What the Stripe adapter asks of Stripe's API, checked against the recorded requests. */
describe.skipIf(liveKey)("the Stripe adapter's requests", () => {
  const api = fakeStripeApi();
  const provider = createStripeProvider({
    secretKey: "sk_test_requests",
    webhookSecret: STRIPE_WEBHOOK_SECRET,
    httpClient: api.httpClient,
  });
  const lastRequest = () => api.requests.at(-1)!;

  it("makes a hosted Checkout Session for card and MobilePay in DKK, a destination charge keeping RCL's fee", async () => {
    const request = checkoutRequest({
      destination: { accountId: "acct_partner", applicationFeeMinor: 62_500 },
    });
    const { checkoutId, url } = await provider.createCheckout(request);
    expect(url).toBe(`https://checkout.stripe.com/c/pay/${checkoutId}`);
    const sent = lastRequest();
    expect(sent).toMatchObject({
      method: "POST",
      path: "/v1/checkout/sessions",
      idempotencyKey: request.paymentId,
    });
    expect(sent.apiVersion).toBe(Stripe.API_VERSION);
    expect(Object.fromEntries(sent.params)).toEqual({
      mode: "payment",
      "allowed_payment_method_types[0]": "card",
      "allowed_payment_method_types[1]": "mobilepay",
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "dkk",
      "line_items[0][price_data][unit_amount]": "500000",
      "line_items[0][price_data][product_data][name]": request.description,
      customer_email: "booker@company.example",
      locale: "da",
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      expires_at: expect.stringMatching(/^\d+$/),
      client_reference_id: request.paymentId,
      "metadata[payment_id]": request.paymentId,
      "payment_intent_data[metadata][payment_id]": request.paymentId,
      "payment_intent_data[application_fee_amount]": "62500",
      "payment_intent_data[transfer_data][destination]": "acct_partner",
    });
  });

  it("asks for no less than Stripe's 30 minutes of expiry, and for the booking's own time when later", async () => {
    const before = Math.floor(Date.now() / 1000);
    await provider.createCheckout(checkoutRequest({ expiresAt: new Date(Date.now() + 15 * 60_000) }));
    const shortest = Number(lastRequest().params.get("expires_at"));
    expect(shortest).toBeGreaterThanOrEqual(before + 31 * 60);
    expect(shortest).toBeLessThanOrEqual(before + 37 * 60);
    // Settled by a charge to RCL alone: no destination, no fee.
    expect(lastRequest().params.has("payment_intent_data[application_fee_amount]")).toBe(false);

    const later = new Date(Date.now() + 2 * 60 * 60_000);
    await provider.createCheckout(checkoutRequest({ expiresAt: later }));
    expect(Number(lastRequest().params.get("expires_at"))).toBe(Math.ceil(later.getTime() / 1000));
  });

  it("reads a session with its PaymentIntent and charge, and the PaymentIntent's refunds", async () => {
    const { checkoutId } = await provider.createCheckout(checkoutRequest());
    api.pay(checkoutId, "mobilepay");
    const count = api.requests.length;
    const payment = await provider.readPayment(checkoutId);
    expect(payment).toMatchObject({ status: "paid", method: "mobilepay" });
    const [read, refunds] = api.requests.slice(count);
    expect(read).toMatchObject({ method: "GET", path: `/v1/checkout/sessions/${checkoutId}` });
    expect(Object.fromEntries(read!.params)).toEqual({
      "expand[0]": "payment_intent",
      "expand[1]": "payment_intent.latest_charge",
    });
    expect(refunds).toMatchObject({ method: "GET", path: "/v1/refunds" });
    expect(refunds!.params.get("payment_intent")).toBe(payment.providerPaymentId);
  });

  it("reads MobilePay waiting for approval as pending, and declined as failed with Stripe's reason", async () => {
    const waiting = await provider.createCheckout(checkoutRequest());
    api.pay(waiting.checkoutId, "mobilepay", "processing");
    expect(await provider.readPayment(waiting.checkoutId)).toMatchObject({
      status: "pending",
      method: "mobilepay",
    });

    const declined = await provider.createCheckout(checkoutRequest());
    api.pay(declined.checkoutId, "mobilepay", "declined");
    expect(await provider.readPayment(declined.checkoutId)).toMatchObject({
      status: "failed",
      failureReason: "The payment was declined.",
    });
  });

  it("refunds a destination charge from the partner's transfer and RCL's fee, with our key", async () => {
    const { checkoutId } = await provider.createCheckout(
      checkoutRequest({ destination: { accountId: "acct_partner", applicationFeeMinor: 62_500 } }),
    );
    api.pay(checkoutId);
    const { providerPaymentId } = await provider.readPayment(checkoutId);
    const idempotencyKey = randomUUID();
    await provider.refund({
      providerPaymentId: providerPaymentId!,
      amountMinor: 250_000,
      idempotencyKey,
      fromDestination: true,
    });
    const sent = lastRequest();
    expect(sent).toMatchObject({ method: "POST", path: "/v1/refunds", idempotencyKey });
    expect(Object.fromEntries(sent.params)).toEqual({
      payment_intent: providerPaymentId,
      amount: "250000",
      reverse_transfer: "true",
      refund_application_fee: "true",
      "metadata[idempotency_key]": idempotencyKey,
    });
  });

  it("creates an Express account in Denmark for a partner, links its onboarding and reads it", async () => {
    const partnerId = randomUUID();
    const { accountId } = await provider.createConnectedAccount({
      partnerId,
      email: "kasserer@klub.example",
      country: "DK",
    });
    expect(lastRequest()).toMatchObject({
      method: "POST",
      path: "/v1/accounts",
      idempotencyKey: `account-${partnerId}`,
    });
    expect(Object.fromEntries(lastRequest().params)).toEqual({
      type: "express",
      country: "DK",
      email: "kasserer@klub.example",
      "metadata[partner_id]": partnerId,
    });
    await provider.onboardingLink({
      accountId,
      returnUrl: "https://rcl.test/back",
      refreshUrl: "https://rcl.test/again",
    });
    expect(Object.fromEntries(lastRequest().params)).toEqual({
      account: accountId,
      type: "account_onboarding",
      return_url: "https://rcl.test/back",
      refresh_url: "https://rcl.test/again",
    });
    api.completeOnboarding(accountId);
    expect(await provider.readConnectedAccount(accountId)).toEqual({ accountId, chargesEnabled: true });
    expect(lastRequest()).toMatchObject({ method: "GET", path: `/v1/accounts/${accountId}` });
  });

  it.each([
    ["payment_intent.succeeded", { id: "pi_1", object: "payment_intent" }, null, "pi_1"],
    ["payment_intent.payment_failed", { id: "pi_2", object: "payment_intent" }, null, "pi_2"],
    ["charge.refunded", { id: "ch_1", object: "charge", payment_intent: "pi_3" }, null, "pi_3"],
    ["charge.refund.updated", { id: "re_1", object: "refund", payment_intent: "pi_4" }, null, "pi_4"],
    ["refund.updated", { id: "re_2", object: "refund", payment_intent: "pi_5" }, null, "pi_5"],
    [
      "checkout.session.async_payment_succeeded",
      { id: "cs_1", object: "checkout.session", payment_intent: "pi_6" },
      "cs_1",
      "pi_6",
    ],
    ["account.updated", { id: "acct_1", object: "account" }, null, null],
  ])("reads %s as a notice about its checkout or payment", (type, object, checkoutId, providerPaymentId) => {
    const body = JSON.stringify({ id: "evt_1", object: "event", type, data: { object } });
    expect(provider.parseWebhook(body, sign(body, STRIPE_WEBHOOK_SECRET))).toEqual({
      eventId: "evt_1",
      type,
      checkoutId,
      providerPaymentId,
    });
  });
});
