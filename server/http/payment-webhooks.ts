import type { Context } from "hono";
import { AppError } from "#server/errors";
import { log } from "#server/log";
import { handlePaymentWebhook } from "#server/online-payments/handle-payment-webhook";
import type { PaymentServices } from "#server/online-payments/payment-services";

/** Where each provider posts its webhooks; the last segment names the provider. */
export const PAYMENT_WEBHOOK_PATHS = /^\/api\/payments\/webhooks\/(stripe|test)$/;

/** The provider's signature header: Stripe's scheme, which the test provider signs with too. */
const SIGNATURE_HEADER = "stripe-signature";

/**
 * A payment provider's webhook. It carries no cookie and no Origin, and is trusted for
 * its signature alone: a bad one is answered 400, logged, and changes nothing. A webhook
 * for another provider than the one configured is refused the same way. Any other failure
 * answers 500, so the provider delivers it again later.
 */
export async function receivePaymentWebhook(c: Context, services: PaymentServices): Promise<Response> {
  if (c.req.param("provider") !== services.payments.name) {
    log.warn({ path: c.req.path }, "A payment webhook for a provider that is not configured was refused.");
    return c.json({ error: "unknown provider" }, 400);
  }
  const rawBody = await c.req.text();
  try {
    const { handled } = await handlePaymentWebhook(services, {
      rawBody,
      signature: c.req.header(SIGNATURE_HEADER) ?? null,
    });
    return c.json({ received: true, handled });
  } catch (error) {
    if (error instanceof AppError && error.code === "invalid") {
      log.warn(
        { path: c.req.path, reason: error.message },
        "A payment webhook with a bad signature was refused.",
      );
      return c.json({ error: error.message }, 400);
    }
    throw error;
  }
}
