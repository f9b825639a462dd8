/**
 * The admin's site settings (/dashboard/admin/settings): what the footer, the contact
 * page and the legal pages show, the terms events fall back on, where contact-form
 * messages are delivered, and RCL's own billing details. Checked in the browser and
 * parsed again by `updateSiteSettings`.
 */
import * as z from "zod/mini";
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
import { isSocialLink, keepUnder, PHONE_PATTERN, requiredText, says, trimmed, type Message } from "./fields";

/** Required, then a real address: an empty field and a wrong one get messages of their own. */
const requiredEmail = (empty: Message) =>
  z.pipe(requiredText(empty, 254), z.email(says(m.valid_email_example)));

/** Required, then one more rule with its own message. */
const requiredMatching = (empty: Message, max: number, rule: (value: string) => boolean, message: Message) =>
  z.pipe(requiredText(empty, max), z.string().check(z.refine(rule, says(message))));

/** An optional https link to RCL's page on `site`; empty means the footer shows no icon for it. */
function socialLink(site: string, label: string) {
  const message = () => m.valid_site_social_link({ label, site });
  return z.pipe(
    trimmed,
    z.pipe(
      z.string().check(
        z.maxLength(300, says(keepUnder(300))),
        z.refine((value) => isSocialLink(value, site), says(message)),
      ),
      z.transform((value) => value || null),
    ),
  );
}

export const siteSettingsSchema = z.object({
  contactEmail: requiredEmail(m.valid_contact_email_required),
  contactPhone: requiredMatching(
    m.valid_contact_phone_required,
    40,
    (value) => PHONE_PATTERN.test(value),
    () => m.valid_phone_example({ example: "+45 33 12 45 78" }),
  ),
  addressLine: requiredText(m.valid_street_address_required, 200),
  postalCode: requiredMatching(
    m.valid_postal_code_required,
    10,
    (value) => /^\d{4}$/.test(value),
    m.valid_postal_code_format,
  ),
  city: requiredText(m.valid_city_required, 100),
  companyRegistrationNumber: cvrNumber({ required: m.valid_cvr_required, format: m.valid_cvr_example }),
  facebookUrl: socialLink("facebook.com", "Facebook"),
  instagramUrl: socialLink("instagram.com", "Instagram"),
  linkedinUrl: socialLink("linkedin.com", "LinkedIn"),
  defaultCancellationTerms: requiredText(m.valid_cancellation_terms_required, 5000),
  defaultCancellationTermsDa: requiredText(m.valid_cancellation_terms_da_required, 5000),
  contactInboxEmail: requiredEmail(m.valid_contact_inbox_required),
  // RCL as the seller of its commission invoices.
  legalName,
  bankRegistration,
  bankAccount,
  fiCreditorNumber,
  invoicePrefix,
  paymentTermsDays,
  invoiceEmail,
});
