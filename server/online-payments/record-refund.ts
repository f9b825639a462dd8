import { and, eq, inArray, sql } from "drizzle-orm";
import type { Transaction } from "#server/db/rows";
import { paymentRefunds, payments } from "#server/db/schema";
import type { MailQueue } from "#server/email/enqueue-email";

type RefundReason = (typeof paymentRefunds.$inferInsert)["reason"];
type PaymentRow = typeof payments.$inferSelect;

/** What is left of a payment to refund: its amount less the refunds pending or made. */
async function refundableOf(tx: Transaction, payment: PaymentRow): Promise<number> {
  const [row] = await tx
    .select({ refunded: sql<number>`coalesce(sum(${paymentRefunds.amountMinor}), 0)`.mapWith(Number) })
    .from(paymentRefunds)
    .where(
      and(eq(paymentRefunds.paymentId, payment.id), inArray(paymentRefunds.status, ["pending", "succeeded"])),
    );
  return payment.amountMinor - (row?.refunded ?? 0);
}

/**
 * Queues a refund of a paid payment in the transaction that causes it (a cancellation, a
 * called-off event, a payment that came too late): the row is the refund's record and its
 * id the idempotency key the `send-refund` job gives the provider, so a retry after a crash
 * refunds once. Never more than is left; nothing when nothing is. The caller holds the
 * payment's row lock (`lockPayment`).
 */
export async function queueRefund(
  tx: Transaction,
  jobs: MailQueue,
  {
    payment,
    amountMinor,
    reason,
    creditNoteId = null,
  }: { payment: PaymentRow; amountMinor: number; reason: RefundReason; creditNoteId?: string | null },
): Promise<string | null> {
  if (payment.status !== "paid") return null;
  const amount = Math.min(amountMinor, await refundableOf(tx, payment));
  if (amount <= 0) return null;
  const [refund] = await tx
    .insert(paymentRefunds)
    .values({ paymentId: payment.id, amountMinor: amount, reason, creditNoteId })
    .returning({ id: paymentRefunds.id });
  if (!refund) throw new Error("A refund's insert returned no row.");
  await jobs.enqueue(tx, "send-refund", { refundId: refund.id });
  return refund.id;
}

/** A payment's row, locked until the transaction ends: refunds of one payment run one at a time. */
export async function lockPayment(tx: Transaction, paymentId: string): Promise<PaymentRow | undefined> {
  const [row] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update");
  return row;
}
