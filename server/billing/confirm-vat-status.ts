import { eq } from "drizzle-orm";
import { confirmVatStatusSchema, VAT_CONFIRMED_FIELDS } from "~/lib/forms/billing-profile-schema";
import { m } from "~/paraglide/messages";
import type { Actor } from "#server/auth/actor";
import { recordAudit } from "#server/audit/record-audit";
import type { Database } from "#server/db/client";
import { returnedRow } from "#server/db/rows";
import { partnerBillingProfiles } from "#server/db/schema";
import type { MailQueue } from "#server/email/enqueue-email";
import { AppError, parseInput } from "#server/errors";
import type { InvoiceRow } from "#server/invoices/issue-document";
import { issueMissingInvoices } from "#server/invoices/issue-missing-invoices";
import { findAdministeredPartner } from "#server/partners/find-administered-partner";
import { billingProfileOf, type BillingProfileRow } from "./queries";

/**
 * An admin confirms a partner's moms status, having checked it in the CVR register
 * against the details the page showed (`input`: the legal name, CVR number and status
 * seen). From then on its bookings are invoiced; those it confirmed while waiting, for
 * events that have not started, are invoiced in the same transaction, so none is missed
 * and none is invoiced twice.
 */
export async function confirmVatStatus(
  { db, jobs }: { db: Database; jobs: MailQueue },
  {
    actor,
    partnerId,
    input,
    now = new Date(),
  }: { actor: Actor; partnerId: string; input: unknown; now?: Date },
): Promise<{ profile: BillingProfileRow; invoices: InvoiceRow[] }> {
  return db.transaction(async (tx) => {
    const partner = await findAdministeredPartner(tx, actor, partnerId);
    const seen = parseInput(confirmVatStatusSchema, input);
    const before = await billingProfileOf(tx, partner.id, { forUpdate: true });
    if (!before) throw new AppError("invalid_transition", m.billing_err_no_profile());
    if (before.vatConfirmedAt) throw new AppError("invalid_transition", m.billing_err_already_confirmed());
    if (VAT_CONFIRMED_FIELDS.some((field) => seen[field] !== before[field])) {
      throw new AppError("conflict", m.billing_err_changed_meanwhile());
    }
    const profile = await tx
      .update(partnerBillingProfiles)
      .set({ vatConfirmedAt: now, vatConfirmedBy: actor.userId })
      .where(eq(partnerBillingProfiles.partnerId, partner.id))
      .returning()
      .then(returnedRow);
    await recordAudit(tx, actor, {
      action: "billing_profile.confirm_vat",
      entityId: partner.id,
      partnerId: partner.id,
      summary: `Confirmed the moms status of ${partner.name}: ${before.vatStatus}`,
      changes: { vatConfirmedAt: { before: null, after: now } },
    });
    const invoices = await issueMissingInvoices(tx, jobs, { partnerId: partner.id, now });
    return { profile, invoices };
  });
}
