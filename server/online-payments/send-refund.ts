import { eq, sql } from "drizzle-orm";
import { events, paymentRefunds, payments, teamRegistrations } from "#server/db/schema";
import { enqueueEmails } from "#server/email/enqueue-email";
import { bookingParties } from "#server/registrations/emails";
import { refundMadeMail } from "./emails";
import type { PaymentServices } from "./payment-services";

/**
 * The `send-refund` job: asks the provider to return a refund's amount, with the refund's
 * id as the idempotency key, so a retry after a crash or a timeout (the provider may have
 * made it) refunds once. A refund the provider makes at once is marked made and the booker
 * told; one it reports pending is settled by its webhook. A failure is recorded and thrown,
 * and the queue retries it.
 */
export async function sendRefund(
  services: PaymentServices,
  { refundId }: { refundId: string },
): Promise<void> {
  const [row] = await services.db
    .select({ refund: paymentRefunds, payment: payments })
    .from(paymentRefunds)
    .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
    .where(eq(paymentRefunds.id, refundId));
  if (!row || row.refund.status !== "pending" || row.refund.providerRefundId) return;
  const { refund, payment } = row;
  if (!payment.providerPaymentId) throw new Error(`Payment ${payment.id} has no provider payment to refund.`);

  await services.db
    .update(paymentRefunds)
    .set({ attempts: sql`${paymentRefunds.attempts} + 1`, updatedAt: new Date() })
    .where(eq(paymentRefunds.id, refund.id));
  let made;
  try {
    made = await services.payments.refund({
      providerPaymentId: payment.providerPaymentId,
      amountMinor: refund.amountMinor,
      idempotencyKey: refund.id,
      fromDestination: payment.destinationAccountId !== null,
    });
  } catch (error) {
    await services.db
      .update(paymentRefunds)
      .set({ lastError: error instanceof Error ? error.message : String(error), updatedAt: new Date() })
      .where(eq(paymentRefunds.id, refund.id));
    throw error;
  }

  await services.db.transaction(async (tx) => {
    const now = new Date();
    const [updated] = await tx
      .update(paymentRefunds)
      .set({
        status: made.status,
        providerRefundId: made.providerRefundId,
        lastError: made.status === "failed" ? "The provider refused the refund." : null,
        completedAt: made.status === "pending" ? null : now,
        updatedAt: now,
      })
      .where(eq(paymentRefunds.id, refund.id))
      .returning();
    if (!updated || made.status !== "succeeded") return;
    const [booked] = await tx
      .select({ registration: teamRegistrations, event: events })
      .from(teamRegistrations)
      .innerJoin(events, eq(events.id, teamRegistrations.eventId))
      .where(eq(teamRegistrations.id, payment.registrationId));
    if (!booked) return;
    const parties = await bookingParties(tx, booked.event, [booked.registration.userId]);
    await enqueueEmails(services.jobs, tx, [
      refundMadeMail(parties.booking(booked.registration), refund.amountMinor, services),
    ]);
  });
}
