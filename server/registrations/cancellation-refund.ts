import { and, eq, sql } from "drizzle-orm";
import { momsOf, percentOf } from "~/lib/billing/moms";
import type { Database } from "#server/db/client";
import type { EventRow, TeamRegistration } from "#server/db/rows";
import { invoices } from "#server/db/schema";
import { bookerRefundPercent } from "./cancel-registration";

/** What a booker cancelling now gets back, and what is kept as the cancellation fee, in øre with moms. */
export type CancellationRefund = { percent: number; refundMinor: number; feeMinor: number };

/**
 * The refund a booker sees before confirming a cancellation: the booking's invoices less
 * their credits, and of that the policy's share, computed as the credit note will be
 * (`creditInvoice`), so the figure shown is the figure credited and refunded. Null when
 * nothing was invoiced (a free event, a place not yet confirmed).
 */
export async function cancellationRefund(
  db: Database,
  {
    registration,
    event,
    now = new Date(),
  }: {
    registration: Pick<TeamRegistration, "id" | "refundPolicy">;
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
    const leftNet = row.netMinor - row.creditedNet;
    const leftVat = row.vatMinor - row.creditedVat;
    openMinor += leftNet + leftVat;
    if (percent >= 100) {
      refundMinor += leftNet + leftVat;
    } else if (percent > 0) {
      const net = Math.min(percentOf(row.netMinor, percent), leftNet);
      const vatPercent = row.content.lines[0]?.vatPercent ?? 0;
      // As `creditLine`: the whole rest takes exactly the moms left.
      refundMinor += net + (net === leftNet ? leftVat : Math.min(momsOf(net, vatPercent), leftVat));
    }
  }
  return { percent, refundMinor, feeMinor: openMinor - refundMinor };
}
