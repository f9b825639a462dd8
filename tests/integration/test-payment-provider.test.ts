import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { CheckoutRequest } from "#server/online-payments/providers/payment-provider";
import {
  deliverTestWebhook,
  TEST_WEBHOOK_PATH,
  testWebhookSecret,
  type TestWebhookEvent,
} from "#server/online-payments/providers/test-webhooks";
import { postForm } from "../support/accounts";
import { createTestSite, TEST_AUTH_SECRET, type TestSite } from "../support/http-app";

/**
 * The test provider's own side (ADR 036): its checkout and onboarding pages, the webhooks it
 * queues with each change, and their delivery. What it shares with Stripe is the contract
 * suite's (payment-provider-contract.test.ts).
 */

let site: TestSite;
beforeAll(async () => {
  site = await createTestSite({ seed: false });
});

const SUCCESS = "https://rcl.test/events/harbour-regatta/registered/1";
const CANCEL = "https://rcl.test/events/harbour-regatta/register";

async function newCheckout(overrides: Partial<CheckoutRequest> = {}) {
  return site.payments.createCheckout({
    paymentId: randomUUID(),
    amountMinor: 500_000,
    currency: "DKK",
    description: "Team place – Harbour Regatta, RCL-7K3Q9P",
    customerEmail: "booker@company.example",
    locale: "en",
    successUrl: SUCCESS,
    cancelUrl: CANCEL,
    expiresAt: new Date(Date.now() + 15 * 60_000),
    destination: null,
    ...overrides,
  });
}

/** The webhooks queued for a checkout, oldest first. */
async function queuedEvents(checkoutId: string): Promise<TestWebhookEvent[]> {
  const { rows } = await site.database.runSql(
    "select data from pgboss.job where name = 'deliver-test-webhook' order by created_on, id",
  );
  return (rows as { data: { event: TestWebhookEvent } }[])
    .map((row) => row.data.event)
    .filter((event) =>
      [event.data.object.id, event.data.object.metadata.checkout_session].includes(checkoutId),
    );
}

const pathOf = (url: string) => new URL(url).pathname;
const pageText = async (response: Response) => (await response.text()).replace(/\s+/g, " ");

describe("the test checkout page", () => {
  it("says it is a test, and shows the amount and what it is for, in the booker's language", async () => {
    const english = await newCheckout();
    const page = await site.request(pathOf(english.url));
    expect(page.status).toBe(200);
    const text = await pageText(page);
    expect(text).toContain("Test payment – no real money moves");
    expect(text).toContain("DKK 5,000.00");
    expect(text).toContain("Team place – Harbour Regatta, RCL-7K3Q9P");
    expect(text).toContain("Pay with MobilePay");

    const danish = await newCheckout({ locale: "da" });
    expect(pathOf(danish.url)).toBe(`/da/test-payment/${danish.checkoutId}`);
    const dansk = await pageText(await site.request(pathOf(danish.url)));
    expect(dansk).toContain("Testbetaling – ingen rigtige penge flyttes");
    expect(dansk).toContain("5.000,00 kr.");
  });

  it("pays by card: the booker goes to the success page, and checkout.session.completed is queued", async () => {
    const { checkoutId, url } = await newCheckout();
    const response = await postForm(site, pathOf(url), { choice: "card" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(SUCCESS);
    const payment = await site.payments.readPayment(checkoutId);
    expect(payment).toMatchObject({ status: "paid", method: "card" });
    const [event] = await queuedEvents(checkoutId);
    expect(event).toMatchObject({
      type: "checkout.session.completed",
      data: { object: { id: checkoutId, payment_status: "paid", payment_intent: payment.providerPaymentId } },
    });
  });

  it("waits for MobilePay's approval, then pays; or fails when it is declined", async () => {
    const approved = await newCheckout();
    expect((await postForm(site, pathOf(approved.url), { choice: "mobilepay" })).status).toBe(200);
    expect(await site.payments.readPayment(approved.checkoutId)).toMatchObject({
      status: "pending",
      method: "mobilepay",
    });
    expect(await pageText(await site.request(pathOf(approved.url)))).toContain("Approve in MobilePay");
    const approval = await postForm(site, pathOf(approved.url), { choice: "approve" });
    expect(approval.headers.get("location")).toBe(SUCCESS);
    expect((await site.payments.readPayment(approved.checkoutId)).status).toBe("paid");
    expect((await queuedEvents(approved.checkoutId)).map((event) => event.type)).toEqual([
      "checkout.session.completed",
      "checkout.session.async_payment_succeeded",
    ]);

    const declined = await newCheckout();
    await postForm(site, pathOf(declined.url), { choice: "mobilepay" });
    await postForm(site, pathOf(declined.url), { choice: "decline" });
    const payment = await site.payments.readPayment(declined.checkoutId);
    expect(payment).toMatchObject({ status: "failed", method: "mobilepay" });
    expect(payment.failureReason).toMatch(/MobilePay/);
    expect((await queuedEvents(declined.checkoutId)).at(-1)?.type).toBe(
      "checkout.session.async_payment_failed",
    );
  });

  it("fails a payment on request, and then takes none", async () => {
    const { checkoutId, url } = await newCheckout();
    await postForm(site, pathOf(url), { choice: "fail" });
    expect(await site.payments.readPayment(checkoutId)).toMatchObject({ status: "failed", method: "card" });
    expect((await queuedEvents(checkoutId)).map((event) => event.type)).toEqual([
      "payment_intent.payment_failed",
    ]);
    expect(await pageText(await site.request(pathOf(url)))).toContain(
      "This payment failed. No money was taken.",
    );
    expect((await postForm(site, pathOf(url), { choice: "card" })).status).toBe(409);
    expect((await site.payments.readPayment(checkoutId)).status).toBe("failed");
  });

  it("cancels back to the booking without paying, the checkout still open", async () => {
    const { checkoutId, url } = await newCheckout();
    const response = await postForm(site, pathOf(url), { choice: "cancel" });
    expect(response.headers.get("location")).toBe(CANCEL);
    expect((await site.payments.readPayment(checkoutId)).status).toBe("open");
    expect(await queuedEvents(checkoutId)).toEqual([]);
  });

  it("says an expired checkout has expired, and takes no payment on it", async () => {
    const { checkoutId, url } = await newCheckout();
    await site.payments.expireCheckout(checkoutId);
    expect((await queuedEvents(checkoutId)).map((event) => event.type)).toEqual(["checkout.session.expired"]);
    const text = await pageText(await site.request(pathOf(url)));
    expect(text).toContain("This payment has expired and can no longer be made.");
    expect(text).not.toContain("Pay by card");
    const refused = await postForm(site, pathOf(url), { choice: "card" });
    expect(refused.status).toBe(409);
    expect(await pageText(refused)).toContain("This payment can no longer be made.");
    expect((await site.payments.readPayment(checkoutId)).status).toBe("expired");
  });

  it("expires a checkout by a job due at the time the booking asked", async () => {
    const expiresAt = new Date(Date.now() + 15 * 60_000);
    const { checkoutId } = await newCheckout({ expiresAt });
    const { rows } = await site.database.runSql(
      "select (extract(epoch from start_after) * 1000)::bigint::text as ms from pgboss.job where name = 'expire-test-checkout' and data->>'checkoutId' = $1",
      [checkoutId],
    );
    expect(rows).toHaveLength(1);
    expect(Number(rows[0]!.ms)).toBe(expiresAt.getTime());
  });

  it("refuses an unknown choice and answers an unknown checkout with 404", async () => {
    const { url } = await newCheckout();
    expect((await postForm(site, pathOf(url), { choice: "free" })).status).toBe(400);
    expect((await site.request("/test-payment/tp_cs_unknown")).status).toBe(404);
  });
});

describe("the test provider's webhooks", () => {
  it("are posted to the site's endpoint, signed so that the provider accepts them", async () => {
    const { checkoutId, url } = await newCheckout();
    await postForm(site, pathOf(url), { choice: "card" });
    const [event] = await queuedEvents(checkoutId);
    const posted: Request[] = [];
    await deliverTestWebhook(
      {
        baseUrl: site.baseUrl,
        webhookSecret: site.testWebhooks.webhookSecret,
        fetch: async (request) => {
          posted.push(request);
          return new Response(null, { status: 200 });
        },
      },
      { event: event! },
    );
    const [request] = posted;
    expect(request!.method).toBe("POST");
    expect(request!.url).toBe(`${site.baseUrl}${TEST_WEBHOOK_PATH}`);
    const body = await request!.text();
    expect(site.payments.parseWebhook(body, request!.headers.get("Stripe-Signature"))).toMatchObject({
      eventId: event!.id,
      type: "checkout.session.completed",
      checkoutId,
    });
    // A refund's event names the checkout too, though Stripe's charge does not.
    const { providerPaymentId } = await site.payments.readPayment(checkoutId);
    await site.payments.refund({
      providerPaymentId: providerPaymentId!,
      amountMinor: 100_000,
      idempotencyKey: randomUUID(),
      fromDestination: false,
    });
    const refunded = (await queuedEvents(checkoutId)).at(-1)!;
    expect(refunded).toMatchObject({
      type: "charge.refunded",
      data: { object: { amount_refunded: 100_000 } },
    });
    const payload = JSON.stringify(refunded);
    const signature = (await import("stripe")).default.webhooks.generateTestHeaderString({
      payload,
      secret: site.testWebhooks.webhookSecret,
    });
    expect(site.payments.parseWebhook(payload, signature)).toMatchObject({ checkoutId, providerPaymentId });
  });

  it("fail the delivery on an answer other than 2xx, so the job is retried", async () => {
    const { checkoutId, url } = await newCheckout();
    await site.payments.expireCheckout(checkoutId);
    const [event] = await queuedEvents(checkoutId);
    await expect(
      deliverTestWebhook(
        { ...site.testWebhooks, fetch: async () => new Response("down", { status: 503 }) },
        { event: event! },
      ),
    ).rejects.toThrow(/answered 503/);
    expect(url).toBeTruthy();
  });

  it("are signed with a secret made from AUTH_SECRET: the same after a restart, never the secret itself", () => {
    expect(site.testWebhooks.webhookSecret).toBe(testWebhookSecret(TEST_AUTH_SECRET));
    expect(testWebhookSecret(TEST_AUTH_SECRET)).toMatch(/^whsec_/);
    expect(testWebhookSecret(TEST_AUTH_SECRET)).not.toContain(TEST_AUTH_SECRET);
    expect(testWebhookSecret(`${TEST_AUTH_SECRET}x`)).not.toBe(testWebhookSecret(TEST_AUTH_SECRET));
  });
});

describe("the test onboarding page", () => {
  it("marks a connected account ready and sends the partner back where the site asked", async () => {
    const partnerId = randomUUID();
    const account = await site.payments.createConnectedAccount({
      partnerId,
      email: "treasurer@club.example",
      country: "DK",
    });
    const link = await site.payments.onboardingLink({
      accountId: account.accountId,
      returnUrl: "https://rcl.test/dashboard/partner/billing",
      refreshUrl: "https://rcl.test/dashboard/partner/billing?again=1",
    });
    const page = await pageText(await site.request(pathOf(link)));
    expect(page).toContain("Test payment – no real money moves");
    expect(page).toContain("Mark the account ready");
    const done = await postForm(site, pathOf(link), {});
    expect(done.headers.get("location")).toBe("https://rcl.test/dashboard/partner/billing");
    expect(await site.payments.readConnectedAccount(account.accountId)).toEqual({
      accountId: account.accountId,
      chargesEnabled: true,
    });
    // A checkout's id is not an account, nor an account's a checkout.
    expect((await site.request(`/test-payment/onboarding/tp_cs_${account.accountId.slice(8)}`)).status).toBe(
      404,
    );
    expect((await site.request(`/test-payment/${account.accountId}`)).status).toBe(404);
  });
});

describe("the test provider's refunds under concurrency", () => {
  async function paidPayment() {
    const { checkoutId, url } = await newCheckout();
    await postForm(site, pathOf(url), { choice: "card" });
    return (await site.payments.readPayment(checkoutId)).providerPaymentId!;
  }

  it("makes one refund of a key asked for ten times at once", async () => {
    const providerPaymentId = await paidPayment();
    const idempotencyKey = randomUUID();
    const refunds = await Promise.all(
      Array.from({ length: 10 }, () =>
        site.payments.refund({
          providerPaymentId,
          amountMinor: 100_000,
          idempotencyKey,
          fromDestination: false,
        }),
      ),
    );
    expect(new Set(refunds.map((refund) => refund.providerRefundId)).size).toBe(1);
    const checkoutId = `tp_cs_${providerPaymentId.slice("tp_pi_".length)}`;
    expect((await site.payments.readPayment(checkoutId)).refunds).toHaveLength(1);
  });

  it("never refunds more than was paid, whatever asks at once", async () => {
    const providerPaymentId = await paidPayment();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 5 }, () =>
        site.payments.refund({
          providerPaymentId,
          amountMinor: 200_000,
          idempotencyKey: randomUUID(),
          fromDestination: false,
        }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(2);
    const refused = outcomes.filter((outcome) => outcome.status === "rejected");
    expect(refused.map((outcome) => (outcome as PromiseRejectedResult).reason.code)).toEqual([
      "conflict",
      "conflict",
      "conflict",
    ]);
  });
});
