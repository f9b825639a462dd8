import { eq } from "drizzle-orm";
import { creditNoteSchema } from "~/lib/forms/invoice-schemas";
import { formatMoney } from "~/lib/money";
import type { Actor } from "#server/auth/actor";
import { recordAudit } from "#server/audit/record-audit";
import type { Database } from "#server/db/client";
import { users } from "#server/db/schema";
import type { MailQueue } from "#server/email/enqueue-email";
import { parseInput } from "#server/errors";
import { creditInvoice } from "./credit-invoice";
import { enqueueDocumentMails } from "./emails";
import { findSoldInvoice } from "./find-sold-invoice";
import type { InvoiceRow } from "./issue-document";

/**
 * A partial credit note a partner's member (or an admin) issues by hand: an amount net of
 * moms and the reason the buyer reads on it, never more than is left of the invoice. It is
 * numbered in the seller's series, audited, and mailed to the booker and the buyer's
 * finance address.
 */
export async function issueCreditNote(
  { db, jobs }: { db: Database; jobs: MailQueue },
  {
    actor,
    invoiceId,
    input,
    now = new Date(),
  }: { actor: Actor; invoiceId: unknown; input: unknown; now?: Date },
): Promise<InvoiceRow> {
  return db.transaction(async (tx) => {
    const invoice = await findSoldInvoice(tx, actor, invoiceId);
    // Only now the input: another partner's invoice is "not found" whatever was sent.
    const { amount, reason } = parseInput(creditNoteSchema, input);
    const credit = await creditInvoice(tx, jobs, { invoice, amount, reason, issuedBy: actor.userId, now });
    if (!credit) throw new Error(`Crediting ${invoice.number} issued nothing.`);
    const [booker] = invoice.bookerUserId
      ? await tx.select({ email: users.email }).from(users).where(eq(users.id, invoice.bookerUserId))
      : [];
    await enqueueDocumentMails(jobs, tx, credit, [booker?.email, invoice.content.buyer.email]);
    await recordAudit(tx, actor, {
      action: "invoice.credit",
      entityId: invoice.id,
      partnerId: invoice.sellerPartnerId,
      summary: `Credited ${formatMoney(credit.grossMinor, "DKK", "en")} on invoice ${invoice.number} (credit note ${credit.number}): ${reason}`,
      changes: {
        credited: {
          before: null,
          after: { creditNote: credit.number, netMinor: credit.netMinor, vatMinor: credit.vatMinor },
        },
      },
    });
    return credit;
  });
}
