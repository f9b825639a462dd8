import { and, eq, or } from "drizzle-orm";
import { payments } from "#server/db/schema";
import { log } from "#server/log";
import type { PaymentServices } from "./payment-services";
import { syncPayment } from "./sync-payment";

/**
 * A webhook from the provider: verified by its signature (a bad one throws
 * `AppError("invalid")`, answered 400, and changes nothing), then the payment it concerns
 * reconciled with the provider's state (`syncPayment`). A notice about a checkout RCL does
 * not know is acknowledged and logged: the provider would otherwise retry it for days.
 */
export async function handlePaymentWebhook(
  services: PaymentServices,
  { rawBody, signature, now = new Date() }: { rawBody: string; signature: string | null; now?: Date },
): Promise<{ handled: boolean }> {
  const notice = services.payments.parseWebhook(rawBody, signature);
  const matches = [
    notice.checkoutId ? eq(payments.checkoutId, notice.checkoutId) : undefined,
    notice.providerPaymentId ? eq(payments.providerPaymentId, notice.providerPaymentId) : undefined,
  ].filter((condition) => condition !== undefined);
  const [payment] =
    matches.length > 0
      ? await services.db
          .select({ id: payments.id })
          .from(payments)
          .where(and(eq(payments.provider, services.payments.name), or(...matches)))
          .limit(1)
      : [];
  if (!payment) {
    log.info(
      { event: notice.eventId, type: notice.type },
      "A payment webhook about no known payment was ignored.",
    );
    return { handled: false };
  }
  await syncPayment(services, { paymentId: payment.id, notice, now });
  return { handled: true };
}
