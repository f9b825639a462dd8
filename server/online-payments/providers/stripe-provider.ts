import Stripe from "stripe";
import { AppError, notFound } from "#server/errors";
import { m } from "~/paraglide/messages";
import type { PaymentProvider, ProviderPayment, ProviderRefund } from "./payment-provider";
import { noticeOf, verifiedEvent } from "./stripe-webhooks";

/**
 * Stripe (ADR 036): hosted Checkout for card and MobilePay in DKK, so no card data touches
 * RCL, and Connect's destination charges, which send a payment to the partner's account and
 * keep RCL's commission as the application fee. Every write carries an idempotency key of
 * ours, so a call repeated after a crash or a lost answer changes nothing twice.
 */

/**
 * Stripe takes an `expires_at` from 30 minutes after the session is made. A shorter hold
 * still ends at its own time: RCL expires the session then. The minimum is rounded up to
 * whole 5 minutes so a call repeated soon after, with the same idempotency key, sends the
 * same parameters (Stripe refuses a key reused with others).
 */
const MINIMUM_EXPIRY_MS = 31 * 60_000;
const EXPIRY_STEP_MS = 5 * 60_000;

function expiresAtOf(requested: Date, now = Date.now()): number {
  const minimum = Math.ceil((now + MINIMUM_EXPIRY_MS) / EXPIRY_STEP_MS) * EXPIRY_STEP_MS;
  return Math.ceil(Math.max(requested.getTime(), minimum) / 1000);
}

/** Stripe's refusals as RCL's one error type; anything unexpected is thrown as it is. */
function asAppError(error: unknown): unknown {
  if (error instanceof Stripe.errors.StripeIdempotencyError) {
    return new AppError("conflict", m.payment_refund_key_reused());
  }
  if (error instanceof Stripe.errors.StripeInvalidRequestError) {
    if (error.code === "resource_missing") return notFound();
    // Stripe's reference names these codes; its message is checked too, in case a refusal comes without one.
    if (
      error.code === "charge_already_refunded" ||
      error.code === "amount_too_large" ||
      /greater than unrefunded amount/i.test(error.message)
    ) {
      return new AppError("conflict", m.payment_refund_too_large());
    }
  }
  if (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeRateLimitError
  ) {
    return new AppError("unavailable", m.payment_provider_unavailable(), { retryAfterSeconds: 30 });
  }
  return error;
}

async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw asAppError(error);
  }
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);

function refundOf(refund: Stripe.Refund): ProviderRefund {
  return {
    providerRefundId: refund.id,
    amountMinor: refund.amount,
    status:
      refund.status === "succeeded"
        ? "succeeded"
        : refund.status === "failed" || refund.status === "canceled"
          ? "failed"
          : "pending",
    // Stripe does not report the key a refund was made with; RCL sends it as metadata too.
    idempotencyKey: refund.metadata?.idempotency_key ?? null,
  };
}

/**
 * A session's state as RCL counts it. A complete session is paid, or (MobilePay and other
 * asynchronous ways) still waiting for its PaymentIntent, or failed when that was declined.
 */
function statusOf(
  session: Stripe.Checkout.Session,
  intent: Stripe.PaymentIntent | null,
): ProviderPayment["status"] {
  if (session.status === "expired") return "expired";
  if (session.status !== "complete") return "open";
  if (session.payment_status === "paid" || session.payment_status === "no_payment_required") return "paid";
  if (intent?.status === "requires_payment_method" || intent?.status === "canceled") return "failed";
  return "pending";
}

function methodOf(intent: Stripe.PaymentIntent | null): ProviderPayment["method"] {
  const charge = intent && typeof intent.latest_charge === "object" ? intent.latest_charge : null;
  const type = charge?.payment_method_details?.type;
  return type === "card" || type === "mobilepay" ? type : null;
}

export function createStripeProvider({
  secretKey,
  webhookSecret,
  httpClient,
}: {
  secretKey: string;
  webhookSecret: string;
  /** Another HTTP layer for the SDK: the contract tests answer from recorded responses. */
  httpClient?: Stripe.HttpClient;
}): PaymentProvider {
  // The SDK retries a request that failed in transit, with its idempotency key.
  const stripe = new Stripe(secretKey, { httpClient, maxNetworkRetries: 2, timeout: 20_000 });
  return {
    name: "stripe",
    isTest: false,

    async createCheckout(request) {
      const { paymentId, destination } = request;
      const session = await call(() =>
        stripe.checkout.sessions.create(
          {
            mode: "payment",
            // The API version this SDK pins (2026-11-18) has no `payment_method_types` any
            // more: this filters what the account offers down to card and MobilePay.
            allowed_payment_method_types: ["card", "mobilepay"],
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: request.currency.toLowerCase(),
                  unit_amount: request.amountMinor,
                  product_data: { name: request.description },
                },
              },
            ],
            customer_email: request.customerEmail ?? undefined,
            locale: request.locale,
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
            expires_at: expiresAtOf(request.expiresAt),
            client_reference_id: paymentId,
            metadata: { payment_id: paymentId },
            payment_intent_data: {
              metadata: { payment_id: paymentId },
              ...(destination && {
                application_fee_amount: destination.applicationFeeMinor,
                transfer_data: { destination: destination.accountId },
              }),
            },
          },
          { idempotencyKey: paymentId },
        ),
      );
      if (!session.url) throw new Error(`Stripe gave checkout session ${session.id} no URL.`);
      return { checkoutId: session.id, url: session.url };
    },

    async expireCheckout(checkoutId) {
      try {
        await stripe.checkout.sessions.expire(checkoutId);
      } catch (error) {
        // Stripe refuses to expire a session that is complete or expired: it is left as it is.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw asAppError(error);
        const session = await call(() => stripe.checkout.sessions.retrieve(checkoutId));
        if (session.status === "open") throw error;
      }
    },

    async readPayment(checkoutId) {
      const session = await call(() =>
        stripe.checkout.sessions.retrieve(checkoutId, {
          expand: ["payment_intent", "payment_intent.latest_charge"],
        }),
      );
      const intent = typeof session.payment_intent === "object" ? session.payment_intent : null;
      const refunds = intent
        ? (await call(() => stripe.refunds.list({ payment_intent: intent.id, limit: 100 }))).data
        : [];
      return {
        checkoutId: session.id,
        status: statusOf(session, intent),
        providerPaymentId: idOf(session.payment_intent),
        method: methodOf(intent),
        amountMinor: session.amount_total ?? 0,
        currency: (session.currency ?? "dkk").toUpperCase(),
        refunds: refunds.map(refundOf),
        failureReason: intent?.last_payment_error?.message ?? null,
      };
    },

    async refund({ providerPaymentId, amountMinor, idempotencyKey, fromDestination }) {
      if (!Number.isInteger(amountMinor) || amountMinor <= 0) {
        throw new AppError("invalid", m.payment_refund_amount_invalid());
      }
      const refund = await call(() =>
        stripe.refunds.create(
          {
            payment_intent: providerPaymentId,
            amount: amountMinor,
            // A destination charge: the partner's transfer is reversed, and RCL's fee refunded
            // in proportion, so each side gives back its share.
            ...(fromDestination && { reverse_transfer: true, refund_application_fee: true }),
            metadata: { idempotency_key: idempotencyKey },
          },
          { idempotencyKey },
        ),
      );
      return refundOf(refund);
    },

    parseWebhook(rawBody, signature) {
      return noticeOf(verifiedEvent(rawBody, signature, webhookSecret));
    },

    async createConnectedAccount({ partnerId, email, country }) {
      const account = await call(() =>
        stripe.accounts.create(
          { type: "express", country, email, metadata: { partner_id: partnerId } },
          { idempotencyKey: `account-${partnerId}` },
        ),
      );
      return { accountId: account.id, chargesEnabled: account.charges_enabled };
    },

    async readConnectedAccount(accountId) {
      const account = await call(() => stripe.accounts.retrieve(accountId));
      return { accountId: account.id, chargesEnabled: account.charges_enabled };
    },

    async onboardingLink({ accountId, returnUrl, refreshUrl }) {
      const link = await call(() =>
        stripe.accountLinks.create({
          account: accountId,
          type: "account_onboarding",
          return_url: returnUrl,
          refresh_url: refreshUrl,
        }),
      );
      return link.url;
    },
  };
}
