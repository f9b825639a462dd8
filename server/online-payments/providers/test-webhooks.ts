import { createHmac } from "node:crypto";
import Stripe from "stripe";

/** Where the test provider posts its webhooks: the site's own endpoint for it. */
export const TEST_WEBHOOK_PATH = "/api/payments/webhooks/test";

/** The event types the test provider sends, named and shaped as Stripe's. */
export type TestEventType =
  | "checkout.session.completed"
  | "checkout.session.async_payment_succeeded"
  | "checkout.session.async_payment_failed"
  | "checkout.session.expired"
  | "payment_intent.payment_failed"
  | "charge.refunded";

/** What the test provider posts: a Stripe event, whose object names its checkout in `metadata`. */
export type TestWebhookEvent = {
  id: string;
  object: "event";
  type: TestEventType;
  /** Seconds since 1970, as Stripe writes times. */
  created: number;
  livemode: false;
  data: {
    object: {
      id: string;
      object: "checkout.session" | "payment_intent" | "charge";
      metadata: Record<string, string>;
    } & Record<string, unknown>;
  };
};

/**
 * The test provider's webhook signing secret, made from AUTH_SECRET: the same on every
 * instance and after every restart, so a webhook queued before a restart is still accepted
 * after it, and never the auth secret itself.
 */
export function testWebhookSecret(authSecret: string): string {
  const digest = createHmac("sha256", authSecret)
    .update("rcl test payment provider webhooks")
    .digest("base64");
  return `whsec_${digest}`;
}

/** How long the site may take to answer a webhook before the delivery counts as failed. */
const DELIVERY_TIMEOUT_MS = 10_000;

/**
 * Posts one event to the site's webhook endpoint, signed now as Stripe signs a delivery
 * (the signature's timestamp is checked against a five-minute tolerance, so a retry an hour
 * later is signed afresh). Anything but a 2xx throws, and the job is retried.
 */
export async function deliverTestWebhook(
  {
    baseUrl,
    webhookSecret,
    fetch: send = fetch,
  }: { baseUrl: string; webhookSecret: string; fetch?: (request: Request) => Promise<Response> },
  { event }: { event: TestWebhookEvent },
): Promise<void> {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
  const response = await send(
    new Request(`${baseUrl}${TEST_WEBHOOK_PATH}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
      body: payload,
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    }),
  );
  await response.body?.cancel();
  if (!response.ok) {
    throw new Error(`The webhook endpoint answered ${response.status} to ${event.type} (${event.id}).`);
  }
}
