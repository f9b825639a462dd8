import { m } from "~/paraglide/messages";

/**
 * A payment's status as people read it: the provider's status, with a paid payment told
 * apart by what has been refunded of it. Worked out in SQL (server/online-payments/queries.ts),
 * so a list filters and pages by it on the server.
 */
export const PAYMENT_STATUSES = [
  "paid",
  "partly_refunded",
  "refunded",
  "pending",
  "failed",
  "expired",
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, () => string> = {
  paid: m.payments_status_paid,
  partly_refunded: m.payments_status_partly_refunded,
  refunded: m.payments_status_refunded,
  pending: m.payments_status_pending,
  failed: m.payments_status_failed,
  expired: m.payments_status_expired,
};

export const PAYMENT_PROVIDERS = ["stripe", "test"] as const;

export const PAYMENT_PROVIDER_LABELS: Record<(typeof PAYMENT_PROVIDERS)[number], () => string> = {
  stripe: m.payments_provider_stripe,
  test: m.payments_provider_test,
};

/** How a payment was made, as the provider reported it; an unknown method shows as given. */
export function paymentMethodLabel(method: string | null): string {
  if (method === "card") return m.payments_method_card();
  if (method === "mobilepay") return m.payments_method_mobilepay();
  return method ?? "";
}

type RefundReason = "cancellation" | "event_cancelled" | "late_payment" | "provider";

export const REFUND_REASON_LABELS: Record<RefundReason, () => string> = {
  cancellation: m.payments_refund_reason_cancellation,
  event_cancelled: m.payments_refund_reason_event_cancelled,
  late_payment: m.payments_refund_reason_late_payment,
  provider: m.payments_refund_reason_provider,
};

export const REFUND_STATUS_LABELS: Record<"pending" | "succeeded" | "failed", () => string> = {
  pending: m.payments_refund_status_pending,
  succeeded: m.payments_refund_status_succeeded,
  failed: m.payments_refund_status_failed,
};
