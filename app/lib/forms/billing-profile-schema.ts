/**
 * A partner's billing profile (/dashboard/partner/billing): what its bookings' invoices
 * say about it as the seller, and where buyers pay. Checked in the browser and parsed
 * again by `updateBillingProfile`.
 */
import * as z from "zod/mini";
import type { VatStatus } from "~/lib/billing/moms";
import { m } from "~/paraglide/messages";
import {
  bankAccount,
  bankRegistration,
  fiCreditorNumber,
  invoiceEmail,
  invoicePrefix,
  legalName,
  paymentTermsDays,
} from "./billing-fields";
import { cvrNumber } from "./company-numbers";
import { requiredText, says, text } from "./fields";

/** Registered for moms (25 %), or exempt as a club not run for profit (momsloven § 13, stk. 1, nr. 5). */
export const VAT_STATUSES = ["registered", "exempt"] as const satisfies readonly VatStatus[];

/**
 * The fields whose change makes an admin confirm the moms status again: what the
 * confirmation was checked against in the CVR register.
 */
export const VAT_CONFIRMED_FIELDS = ["legalName", "cvr", "vatStatus"] as const;

export const billingProfileSchema = z.object({
  legalName,
  addressLine: requiredText(m.valid_street_address_required, 200),
  postalCode: z.pipe(
    requiredText(m.valid_postal_code_required, 10),
    z.string().check(z.regex(/^\d{4}$/, says(m.valid_postal_code_format))),
  ),
  city: requiredText(m.valid_city_required, 100),
  cvr: cvrNumber({ required: m.valid_cvr_required, format: m.valid_cvr_example }),
  // A missing choice is `undefined`, which the enum refuses with the form's own message.
  vatStatus: z.enum(VAT_STATUSES, says(m.billing_valid_vat_status_required)),
  bankRegistration,
  bankAccount,
  fiCreditorNumber,
  invoicePrefix,
  paymentTermsDays,
  invoiceEmail,
});

/**
 * The admin's "Confirm moms status": the details the admin saw and checked, sent back
 * with the button, so a profile changed meanwhile is not confirmed unseen.
 */
export const confirmVatStatusSchema = z.object({
  legalName: text,
  cvr: text,
  vatStatus: text,
});
