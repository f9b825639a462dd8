import { and, eq, or, sql } from "drizzle-orm";
import { copenhagenDate, dateKey } from "~/lib/calendar-date";
import { m } from "~/paraglide/messages";
import type { EventRow, TeamRegistration, Transaction } from "#server/db/rows";
import { invoicePayments, invoices, paymentRefunds, payments, paymentWebhookEvents } from "#server/db/schema";
import { randomUUID } from "node:crypto";
import { enqueueEmails } from "#server/email/enqueue-email";
import { invoiceLockKey, creditInvoice } from "#server/invoices/credit-invoice";
import { documentMailJobs } from "#server/invoices/emails";
import { issueBookingInvoice } from "#server/invoices/issue-booking-invoice";
import { partnerSeller } from "#server/invoices/sellers";
import { bookingParties, confirmationMail, partnerNoticeMails } from "#server/registrations/emails";
import {
  changePlace,
  countPlacesTaken,
  currentEventOf,
  lockEventAndRegistration,
  registrationClosed,
} from "#server/registrations/rules";
import { latePaymentMail } from "./emails";
import type { PaymentServices } from "./payment-services";
import type { ProviderPayment, ProviderRefund, WebhookNotice } from "./providers/payment-provider";
import { lockPayment, queueRefund } from "./record-refund";
import { queueSeatLinks } from "#server/seats/send-seat-links";

type PaymentRow = typeof payments.$inferSelect;

/**
 * Brings one payment in line with what its provider says now. Every webhook, and the end
 * of a hold, lands here: the provider's state is read again rather than the event's own
 * story trusted, so the same event twice, or "refunded" before "paid", ends in the one
 * outcome the state gives. Under the event's lock (the order every booking change keeps)
 * a payment that arrived confirms its held booking, issues the invoice already paid and
 * sends the confirmation; one that came after its places went is refunded at once. Refunds
 * the provider reports are marked made; one made at the provider itself is recorded and
 * credited. A webhook's event id is stored in the same transaction: a repeated delivery
 * changes nothing.
 */
export async function syncPayment(
  services: PaymentServices,
  { paymentId, notice, now = new Date() }: { paymentId: string; notice?: WebhookNotice; now?: Date },
): Promise<void> {
  const [payment] = await services.db.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment) return;
  if (payment.provider !== services.payments.name) {
    throw new Error(
      `Payment ${payment.id} was made with ${payment.provider}, not ${services.payments.name}.`,
    );
  }
  const state = await services.payments.readPayment(payment.checkoutId);
  await services.db.transaction(async (tx) => {
    if (notice) {
      const recorded = await tx
        .insert(paymentWebhookEvents)
        .values({
          provider: payment.provider,
          eventId: notice.eventId,
          type: notice.type,
          checkoutId: payment.checkoutId,
        })
        .onConflictDoNothing()
        .returning({ eventId: paymentWebhookEvents.eventId });
      if (recorded.length === 0) return;
    }
    const eventId = await currentEventOf(tx, payment.registrationId);
    if (!eventId) {
      // The booker's account, and with it the booking, was deleted: whatever was paid goes back.
      const locked = await lockPayment(tx, payment.id);
      if (locked && state.status === "paid" && locked.status !== "paid") {
        const [paid] = await tx
          .update(payments)
          .set({
            status: "paid",
            paidAt: now,
            providerPaymentId: state.providerPaymentId,
            method: state.method,
            updatedAt: now,
          })
          .where(eq(payments.id, locked.id))
          .returning();
        if (paid)
          await queueRefund(tx, services.jobs, {
            payment: paid,
            amountMinor: paid.amountMinor,
            reason: "late_payment",
          });
      }
      return;
    }
    const { event, registration } = await lockEventAndRegistration(tx, eventId, payment.registrationId);
    // The invoice's lock before the payment's: the order a credit note and its refund take them in.
    if (payment.invoiceId) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${invoiceLockKey(payment.invoiceId)}))`);
    }
    const locked = await lockPayment(tx, payment.id);
    if (!locked) return;
    let current = locked;
    if (state.status === "paid" && current.status !== "paid") {
      current = await takePayment(tx, services, { payment: current, state, event, registration, now });
    } else if ((state.status === "failed" || state.status === "expired") && current.status === "pending") {
      await tx
        .update(payments)
        .set({ status: state.status, failureReason: state.failureReason, updatedAt: now })
        .where(eq(payments.id, current.id));
    }
    for (const refund of state.refunds) await recordProviderRefund(tx, services, current, refund, now);
  });
}

/** The event a booking is at now: a move changes it. */
/**
 * A payment the provider took: it confirms the booking's held places, or the places it held
 * until the hold ended when they are still free; otherwise all of it goes back.
 */
async function takePayment(
  tx: Transaction,
  services: PaymentServices,
  {
    payment,
    state,
    event,
    registration,
    now,
  }: {
    payment: PaymentRow;
    state: ProviderPayment;
    event: EventRow;
    registration: TeamRegistration;
    now: Date;
  },
): Promise<PaymentRow> {
  const [paid] = await tx
    .update(payments)
    .set({
      status: "paid",
      providerPaymentId: state.providerPaymentId,
      method: state.method,
      failureReason: null,
      paidAt: now,
      updatedAt: now,
    })
    .where(eq(payments.id, payment.id))
    .returning();
  if (!paid) throw new Error(`Payment ${payment.id} vanished under its lock.`);

  const parties = await bookingParties(tx, event, [registration.userId]);
  const stillHeld = registration.status === "held";
  // The hold ended before the money came: the places are taken again if they are still free.
  const retaken =
    registration.status === "cancelled" &&
    payment.status === "expired" &&
    registration.cancelledAt !== null &&
    registrationClosed(event, now) === null &&
    (await countPlacesTaken(tx, event.id)) < event.maxTeams;
  if (!stillHeld && !retaken) {
    await queueRefund(tx, services.jobs, {
      payment: paid,
      amountMinor: paid.amountMinor,
      reason: "late_payment",
    });
    await enqueueEmails(services.jobs, tx, [latePaymentMail(parties.booking(registration), paid, services)]);
    return paid;
  }

  const confirmed = await changePlace(tx, registration.id, {
    status: "confirmed",
    heldUntil: null,
    cancelledAt: null,
  });
  const booking = parties.booking(confirmed);
  await queueSeatLinks(tx, services.jobs, [confirmed.id]);
  const seller = await partnerSeller(tx, event.partnerId);
  const invoiceId = seller ? randomUUID() : null;
  await enqueueEmails(
    services.jobs,
    tx,
    [
      {
        ...confirmationMail(booking, services, invoiceId !== null),
        ...(invoiceId ? { documents: [{ invoiceId, xml: confirmed.ean !== null }] } : {}),
      },
      ...partnerNoticeMails("booked", booking, parties.memberEmails, services),
    ],
    invoiceId
      ? documentMailJobs({ id: invoiceId }, [confirmed.billingEmail], {
          alreadyMailed: [booking.bookerEmail],
        })
      : [],
  );
  if (!seller || !invoiceId) return paid;
  // The invoice states what was paid: the price and discount of the checkout, not today's price.
  const invoice = await issueBookingInvoice(tx, services.jobs, {
    id: invoiceId,
    registration: confirmed,
    event: { ...event, priceMinor: paid.netMinor + confirmed.discountMinor },
    now,
    seller,
  });
  if (!invoice) return paid;
  await tx.insert(invoicePayments).values({
    invoiceId: invoice.id,
    paidOn: dateKey(copenhagenDate(now)),
    amountMinor: Math.min(invoice.grossMinor, paid.amountMinor),
    source: "online",
    onlinePaymentId: paid.id,
  });
  const [linked] = await tx
    .update(payments)
    .set({ invoiceId: invoice.id })
    .where(eq(payments.id, paid.id))
    .returning();
  return linked ?? paid;
}

/**
 * A refund the provider reports: ours is marked as the provider has it; one made at the
 * provider itself (its dashboard) is recorded and its invoice credited by as much, so what
 * was refunded and what was credited still agree.
 */
async function recordProviderRefund(
  tx: Transaction,
  services: PaymentServices,
  payment: PaymentRow,
  refund: ProviderRefund,
  now: Date,
): Promise<void> {
  const [ours] = await tx
    .select()
    .from(paymentRefunds)
    .where(
      and(
        eq(paymentRefunds.paymentId, payment.id),
        or(
          eq(paymentRefunds.providerRefundId, refund.providerRefundId),
          refund.idempotencyKey && /^[0-9a-f-]{36}$/.test(refund.idempotencyKey)
            ? eq(paymentRefunds.id, refund.idempotencyKey)
            : undefined,
        ),
      ),
    );
  if (ours) {
    if (ours.status === refund.status && ours.providerRefundId === refund.providerRefundId) return;
    if (ours.status !== "pending") return;
    await tx
      .update(paymentRefunds)
      .set({
        status: refund.status,
        providerRefundId: refund.providerRefundId,
        completedAt: refund.status === "pending" ? null : now,
        updatedAt: now,
      })
      .where(eq(paymentRefunds.id, ours.id));
    return;
  }
  if (refund.status === "failed" || payment.status !== "paid") return;
  let creditNoteId: string | null = null;
  if (payment.invoiceId) {
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, payment.invoiceId));
    const netMinor = invoice ? netForGross(refund.amountMinor, invoice.netMinor, invoice.grossMinor) : 0;
    if (invoice && netMinor > 0) {
      const credit = await creditInvoice(tx, services.jobs, {
        invoice,
        amount: netMinor,
        reason: m.payment_refund_at_provider({}, { locale: invoice.language }),
        now,
        refund: "none",
      });
      creditNoteId = credit?.id ?? null;
    }
  }
  await tx.insert(paymentRefunds).values({
    paymentId: payment.id,
    amountMinor: refund.amountMinor,
    reason: "provider",
    status: refund.status,
    providerRefundId: refund.providerRefundId,
    creditNoteId,
    completedAt: refund.status === "succeeded" ? now : null,
  });
}

/** The net amount whose gross, at the invoice's rate, is nearest the amount refunded. */
function netForGross(grossMinor: number, invoiceNet: number, invoiceGross: number): number {
  if (invoiceGross === 0) return 0;
  return Math.min(invoiceNet, Math.round((grossMinor * invoiceNet) / invoiceGross));
}
