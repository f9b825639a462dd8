/**
 * The payment providers' webhook endpoint over HTTP (issue 27): a provider's server posts
 * without an Origin and is trusted for its signature alone. A bad signature, or a webhook
 * for a provider that is not configured, is answered 400 and changes nothing.
 */
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymentWebhookEvents } from "#server/db/schema";
import { createTestSite, type TestSite } from "../support/http-app";

let site: TestSite;

beforeAll(async () => {
  site = await createTestSite({ seed: false });
});
afterAll(async () => {
  await site?.close();
});

const event = JSON.stringify({
  id: "evt_test_webhook_endpoint",
  object: "event",
  type: "checkout.session.completed",
  created: 1_800_000_000,
  livemode: false,
  data: { object: { id: "tp_cs_unknown", object: "checkout.session", metadata: {} } },
});

const post = (path: string, signature: string | null, body = event) =>
  site.request(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(signature ? { "Stripe-Signature": signature } : {}) },
    body,
  });

describe("the payment webhook endpoint", () => {
  it("takes a signed webhook with no Origin, and acknowledges one about no known payment", async () => {
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload: event,
      secret: site.testWebhooks.webhookSecret,
    });
    const response = await post("/api/payments/webhooks/test", signature);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, handled: false });
  });

  it("refuses a missing or forged signature, or a changed body, with 400 and records nothing", async () => {
    const forged = Stripe.webhooks.generateTestHeaderString({ payload: event, secret: "whsec_forged" });
    const genuine = Stripe.webhooks.generateTestHeaderString({
      payload: event,
      secret: site.testWebhooks.webhookSecret,
    });
    for (const [signature, body] of [
      [null, event],
      [forged, event],
      [genuine, event.replace("tp_cs_unknown", "tp_cs_another")],
    ] as const) {
      const response = await post("/api/payments/webhooks/test", signature, body);
      expect(response.status).toBe(400);
      expect(JSON.stringify(await response.json())).not.toMatch(/at .*\.ts/);
    }
    expect(await site.database.db.select().from(paymentWebhookEvents)).toEqual([]);
  });

  it("refuses a webhook for a provider that is not configured", async () => {
    const response = await post("/api/payments/webhooks/stripe", "t=1,v1=abc");
    expect(response.status).toBe(400);
    // No provider of that name: not a webhook path, so a post without an Origin is refused as cross-site.
    expect((await post("/api/payments/webhooks/other", "t=1,v1=abc")).status).toBe(403);
  });
});
