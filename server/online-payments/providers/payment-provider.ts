/**
 * The one interface every payment provider is used through (ADR 036). Nothing outside
 * `server/online-payments/providers/` knows which provider runs: Stripe in production,
 * or the test provider that ships with RCL and runs in `npm start` and every test.
 */

type ProviderName = "stripe" | "test";

export type CheckoutRequest = {
  /** Our `payments` row's id: the provider keeps it as metadata and as the idempotency key. */
  paymentId: string;
  amountMinor: number;
  currency: "DKK";
  /** One line the booker sees at the checkout ("Team place – Harbour Regatta, RCL-7K3Q9P"). */
  description: string;
  customerEmail: string | null;
  locale: "en" | "da";
  successUrl: string;
  cancelUrl: string;
  /** When the checkout stops taking payments (the provider may allow no less than its minimum). */
  expiresAt: Date;
  /** A destination charge to the partner's connected account, keeping RCL's fee; null: RCL takes it all. */
  destination: { accountId: string; applicationFeeMinor: number } | null;
};

type Checkout = { checkoutId: string; url: string };

/** A refund as the provider reports it. */
export type ProviderRefund = {
  providerRefundId: string;
  amountMinor: number;
  status: "pending" | "succeeded" | "failed";
  /** The key RCL sent when it asked for the refund; null for one made at the provider itself. */
  idempotencyKey: string | null;
};

/** A checkout's state at the provider: what every webhook is reconciled against. */
export type ProviderPayment = {
  checkoutId: string;
  /** `pending`: a MobilePay payment waiting for the payer's approval. */
  status: "open" | "pending" | "paid" | "failed" | "expired";
  providerPaymentId: string | null;
  method: "card" | "mobilepay" | null;
  amountMinor: number;
  currency: string;
  refunds: ProviderRefund[];
  failureReason: string | null;
};

/** What a verified webhook tells: which checkout or payment to look at again. */
export type WebhookNotice = {
  eventId: string;
  type: string;
  checkoutId: string | null;
  providerPaymentId: string | null;
};

type RefundRequest = {
  providerPaymentId: string;
  amountMinor: number;
  /** The `payment_refunds` row's id: asking twice with it refunds once. */
  idempotencyKey: string;
  /** A destination charge: take the money back from the partner's account, fee in proportion. */
  fromDestination: boolean;
};

type ConnectedAccount = { accountId: string; chargesEnabled: boolean };

export interface PaymentProvider {
  readonly name: ProviderName;
  /** Whether pages must say that no real money moves. */
  readonly isTest: boolean;
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /** Stops an abandoned checkout from taking a payment; an already finished one is left as it is. */
  expireCheckout(checkoutId: string): Promise<void>;
  readPayment(checkoutId: string): Promise<ProviderPayment>;
  refund(request: RefundRequest): Promise<ProviderRefund>;
  /** Verifies the signature and reads the notice; a bad signature throws `AppError("invalid")`. */
  parseWebhook(rawBody: string, signature: string | null): WebhookNotice;
  /** A partner's connected account, created on first use, keyed by our partner id. */
  createConnectedAccount(request: {
    partnerId: string;
    email: string;
    country: "DK";
  }): Promise<ConnectedAccount>;
  readConnectedAccount(accountId: string): Promise<ConnectedAccount>;
  /** The provider's hosted onboarding page for that account. */
  onboardingLink(request: { accountId: string; returnUrl: string; refreshUrl: string }): Promise<string>;
}
