import Stripe from "stripe";
import { AppError } from "#server/errors";
import { m } from "~/paraglide/messages";
import type { WebhookNotice } from "./payment-provider";

/**
 * Verifies a webhook signed as Stripe signs one (`Stripe-Signature: t=…,v1=…`, HMAC-SHA256
 * of the timestamp and the raw body, within five minutes) and reads its event. The Stripe
 * adapter and the test provider both call this, so the test provider's webhooks go through
 * the very check Stripe's do.
 */
export function verifiedEvent(rawBody: string, signature: string | null, secret: string): Stripe.Event {
  if (!signature) throw new AppError("invalid", m.payment_webhook_unsigned());
  try {
    return Stripe.webhooks.constructEvent(rawBody, signature, secret);
  } catch {
    // A wrong or stale signature, or a body that is not the event it signs: nothing of it is trusted.
    throw new AppError("invalid", m.payment_webhook_bad_signature());
  }
}

type EventObject = {
  object?: string;
  id?: string;
  payment_intent?: string | { id: string } | null;
};

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);

/**
 * Which checkout or payment an event is about: a Checkout Session names both, a
 * PaymentIntent is the payment, and a charge or a refund points at its PaymentIntent.
 * The notice carries no state: the handler reads the payment again (`readPayment`), so an
 * event repeated or out of order tells nothing stale.
 */
export function noticeOf(event: Stripe.Event): WebhookNotice {
  const object = event.data.object as EventObject;
  const notice = { eventId: event.id, type: event.type };
  switch (object.object) {
    case "checkout.session":
      return { ...notice, checkoutId: object.id ?? null, providerPaymentId: idOf(object.payment_intent) };
    case "payment_intent":
      return { ...notice, checkoutId: null, providerPaymentId: object.id ?? null };
    case "charge":
    case "refund":
      return { ...notice, checkoutId: null, providerPaymentId: idOf(object.payment_intent) };
    default:
      return { ...notice, checkoutId: null, providerPaymentId: null };
  }
}
