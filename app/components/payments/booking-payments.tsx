import type { ReactNode } from "react";
import { FactList, type Fact } from "~/components/dashboard/record-section";
import { formatInstant } from "~/lib/dates";
import { formatMoneyExact } from "~/lib/money";
import { m } from "~/paraglide/messages";
import type {
  BookerBookingPayments,
  EventPaymentTotals,
  SellerBookingPayments,
} from "#server/online-payments/queries";
import {
  PAYMENT_PROVIDER_LABELS,
  PAYMENT_STATUS_LABELS,
  paymentMethodLabel,
  REFUND_REASON_LABELS,
  REFUND_STATUS_LABELS,
} from "./payment-labels";

type PaymentMethod = "invoice" | "online";
type BookerPayment = BookerBookingPayments["payments"][number];
type SellerPayment = SellerBookingPayments["payments"][number];
type Summary = SellerBookingPayments["summary"];

const money = (minor: number, currency = "DKK") => formatMoneyExact(minor, currency);

const when = (instant: Date) => <time dateTime={instant.toISOString()}>{formatInstant(instant)}</time>;

/** How the booking is paid, as its organiser and its booker read it. */
const wayOfPaying = (method: PaymentMethod) =>
  method === "online" ? m.payments_way_online() : m.payments_way_invoice();

/**
 * A booking's payment on the organiser's page: the way of paying, each checkout with its
 * status, amount, RCL's fee and the provider's references, its refunds with their reasons
 * and dates, and what the payments come to, the cancellation fee kept included.
 */
export function SellerPaymentDetails({
  paymentMethod,
  data,
}: {
  paymentMethod: PaymentMethod;
  data: SellerBookingPayments;
}) {
  return (
    <BookingPaymentsFrame paymentMethod={paymentMethod} count={data.payments.length} summary={data.summary}>
      {data.payments.map((payment) => (
        <PaymentCard key={payment.id} payment={payment} facts={sellerFacts(payment)} providerSide />
      ))}
    </BookingPaymentsFrame>
  );
}

/** The same for the booker's page: how and when it was paid and the refunds, nothing of the provider's side. */
export function BookerPaymentDetails({
  paymentMethod,
  data,
}: {
  paymentMethod: PaymentMethod;
  data: BookerBookingPayments;
}) {
  return (
    <BookingPaymentsFrame paymentMethod={paymentMethod} count={data.payments.length} summary={data.summary}>
      {data.payments.map((payment) => (
        <PaymentCard key={payment.id} payment={payment} facts={bookerFacts(payment)} />
      ))}
    </BookingPaymentsFrame>
  );
}

function BookingPaymentsFrame({
  paymentMethod,
  count,
  summary,
  children,
}: {
  paymentMethod: PaymentMethod;
  count: number;
  summary: Summary;
  children: ReactNode;
}) {
  return (
    <div className="mt-4 space-y-4 text-sm">
      <p>
        <span className="text-slate-500">{m.payments_way_label()}</span>{" "}
        <span className="font-medium text-slate-900">{wayOfPaying(paymentMethod)}</span>
      </p>
      {count === 0 ? (
        <p className="text-slate-600">
          {paymentMethod === "online" ? m.payments_none_online() : m.payments_none_invoice()}
        </p>
      ) : (
        <>
          <SummaryFacts summary={summary} />
          {children}
        </>
      )}
    </div>
  );
}

/** Paid, refunded, a refund on its way, and for a cancelled booking the fee kept. */
function SummaryFacts({ summary }: { summary: Summary }) {
  const facts: Fact[] = [
    [m.payments_summary_paid(), money(summary.paidMinor)],
    [m.payments_summary_refunded(), money(summary.refundedMinor)],
  ];
  if (summary.refundPendingMinor > 0)
    facts.push([m.payments_summary_refund_pending(), money(summary.refundPendingMinor)]);
  if (summary.keptMinor !== null) facts.push([m.payments_summary_kept(), money(summary.keptMinor)]);
  return <FactList facts={facts} wide />;
}

function commonFacts(payment: BookerPayment): Fact[] {
  const facts: Fact[] = [
    [m.payments_fact_status(), PAYMENT_STATUS_LABELS[payment.status]()],
    [m.payments_fact_amount(), money(payment.amountMinor, payment.currency)],
    [m.payments_fact_started(), when(payment.createdAt)],
  ];
  if (payment.method) facts.push([m.payments_fact_method(), paymentMethodLabel(payment.method)]);
  if (payment.paidAt) facts.push([m.payments_fact_paid_at(), when(payment.paidAt)]);
  return facts;
}

const bookerFacts = (payment: BookerPayment) => commonFacts(payment);

function sellerFacts(payment: SellerPayment): Fact[] {
  const facts = commonFacts(payment);
  facts.push([m.payments_fact_fee(), money(payment.applicationFeeMinor, payment.currency)]);
  facts.push([
    m.payments_fact_provider_reference(),
    <span key="reference" className="font-mono text-xs break-all">
      {PAYMENT_PROVIDER_LABELS[payment.provider]()}: {payment.checkoutId}
      {payment.providerPaymentId && (
        <>
          <br />
          {payment.providerPaymentId}
        </>
      )}
    </span>,
  ]);
  if (payment.failureReason) facts.push([m.payments_fact_failure(), payment.failureReason]);
  return facts;
}

type Refund = BookerPayment["refunds"][number] & {
  providerRefundId?: string | null;
  lastError?: string | null;
};

/** One checkout: its facts, then its refunds in a list. */
function PaymentCard({
  payment,
  facts,
  providerSide = false,
}: {
  payment: { id: string; currency: string; refunds: Refund[] };
  facts: Fact[];
  providerSide?: boolean;
}) {
  return (
    <article aria-label={m.payments_card_label()} className="rounded-md border border-slate-200 p-4">
      <FactList facts={facts} wide />
      {payment.refunds.length > 0 && (
        <div className="mt-4">
          <h3 className="font-semibold text-navy-900">{m.payments_refunds_heading()}</h3>
          <ul className="mt-2 space-y-2">
            {payment.refunds.map((refund) => (
              <li key={refund.id}>
                {m.payments_refund_line({
                  amount: money(refund.amountMinor, payment.currency),
                  reason: REFUND_REASON_LABELS[refund.reason](),
                  status: REFUND_STATUS_LABELS[refund.status](),
                })}{" "}
                {when(refund.completedAt ?? refund.createdAt)}
                {providerSide && refund.providerRefundId && (
                  <>
                    {" "}
                    <span className="block font-mono text-xs text-slate-600">{refund.providerRefundId}</span>
                  </>
                )}
                {providerSide && refund.lastError && (
                  <>
                    {" "}
                    <span className="block text-xs text-red-800">
                      {m.payments_refund_error({ error: refund.lastError })}
                    </span>
                  </>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
    </article>
  );
}

/**
 * An event's online payments for its organiser: paid, open (checkouts pending while places
 * are held), refunded and RCL's fees. Nothing when the event has taken none.
 */
export function EventPaymentFigures({ totals }: { totals: EventPaymentTotals }) {
  if (totals.count === 0) return null;
  const facts: Fact[] = [
    [m.payments_event_paid(), money(totals.paidMinor)],
    [m.payments_event_open(), money(totals.openMinor)],
    [m.payments_event_refunded(), money(totals.refundedMinor)],
    [m.payments_event_fees(), money(totals.feeMinor)],
  ];
  return (
    <section aria-labelledby="event-payments" className="rounded-lg border border-slate-200 bg-white p-5">
      <h2 id="event-payments" className="text-lg font-semibold text-navy-900">
        {m.payments_event_heading()}
      </h2>
      <FactList facts={facts} />
    </section>
  );
}
