import { and, eq, sql } from "drizzle-orm";
import type { Database } from "#server/db/client";
import type { EventRow, TeamRegistration } from "#server/db/rows";
import { invoices } from "#server/db/schema";
import { creditAmounts } from "#server/invoices/credit-amounts";
import { bookerRefundPercent } from "./cancel-registration";

/** What a booker cancelling now gets back, and what is kept as the cancellation fee, in øre with moms. */
export type CancellationRefund = { percent: number; refundMinor: number; feeMinor: number };

/**
 * The refund a booker sees before confirming a cancellation: the booking's invoices less
 * their credits, and of that the policy's share, computed as the credit note computes it
 * (`creditAmounts`), so the figure shown is the figure credited and refunded. Null when
 * nothing was invoiced (a free event, a place not yet confirmed).
 */
export async function cancellationRefund(
  db: Database,
  {
    registration,
    event,
    now = new Date(),
  }: {
    registration: Pick<TeamRegistration, "id" | "refundPolicy" | "movedByWeatherAt">;
    event: Pick<EventRow, "startsAt" | "registrationDeadline">;
    now?: Date;
  },
): Promise<CancellationRefund | null> {
  const rows = await db
    .select({
      netMinor: invoices.netMinor,
      vatMinor: invoices.vatMinor,
      content: invoices.content,
      creditedNet:
        sql<number>`coalesce((select sum(c.net_minor) from invoices c where c.credits_invoice_id = ${invoices.id}), 0)`.mapWith(
          Number,
        ),
      creditedVat:
        sql<number>`coalesce((select sum(c.vat_minor) from invoices c where c.credits_invoice_id = ${invoices.id}), 0)`.mapWith(
          Number,
        ),
    })
    .from(invoices)
    .where(and(eq(invoices.registrationId, registration.id), eq(invoices.kind, "invoice")));
  if (rows.length === 0) return null;
  const percent = bookerRefundPercent(registration, event, now);
  let openMinor = 0;
  let refundMinor = 0;
  for (const row of rows) {
    const left = { netMinor: row.netMinor - row.creditedNet, vatMinor: row.vatMinor - row.creditedVat };
    openMinor += left.netMinor + left.vatMinor;
    if (percent <= 0) continue;
    const vatPercent = row.content.lines[0]?.vatPercent ?? 0;
    const credit = creditAmounts({ percent }, row.netMinor, left, vatPercent);
    refundMinor += credit.netMinor + credit.vatMinor;
  }
  return { percent, refundMinor, feeMinor: openMinor - refundMinor };
}
