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
