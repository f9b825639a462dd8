/**
 * The admin's site settings (/dashboard/admin/settings): what the footer, the contact
 * page and the legal pages show, the terms events fall back on, and where contact-form
 * messages are delivered. Checked in the browser and parsed again by `updateSiteSettings`.
 */
import * as z from "zod/mini";
import { isSocialLink, PHONE_PATTERN, requiredText, trimmed } from "./fields";

/** Required, then a real address: an empty field and a wrong one get messages of their own. */
const requiredEmail = (empty: string) =>
  z.pipe(requiredText(empty, 254), z.email("Please enter a valid email address, such as hello@example.dk"));

/** Required, then one more rule with its own message. */
const requiredMatching = (empty: string, max: number, rule: (value: string) => boolean, message: string) =>
  z.pipe(requiredText(empty, max), z.string().check(z.refine(rule, { message })));

/** An optional https link to RCL's page on `site`; empty means the footer shows no icon for it. */
function socialLink(site: string, label: string) {
  const message = `Please enter an https link to the ${label} page, such as https://www.${site}/rethinkcorporatelife`;
  return z.pipe(
    trimmed,
    z.pipe(
      z.string().check(
        z.maxLength(300, "Please keep this under 300 characters"),
        z.refine((value) => isSocialLink(value, site), { message }),
      ),
      z.transform((value) => value || null),
    ),
  );
}

export const siteSettingsSchema = z.object({
  contactEmail: requiredEmail("Please enter the contact email shown on the site"),
  contactPhone: requiredMatching(
    "Please enter the contact phone number",
    40,
    (value) => PHONE_PATTERN.test(value),
    "Please enter a phone number such as +45 33 12 45 78",
  ),
  addressLine: requiredText("Please enter the street address", 200),
  postalCode: requiredMatching(
    "Please enter the postal code",
    10,
    (value) => /^\d{4}$/.test(value),
    "Please enter a Danish postal code of 4 digits, such as 2900",
  ),
  city: requiredText("Please enter the city", 100),
  companyRegistrationNumber: requiredMatching(
    "Please enter the CVR number",
    20,
    (value) => /^\d{8}$/.test(value),
    "Please enter the CVR number as 8 digits, such as 43218765",
  ),
  facebookUrl: socialLink("facebook.com", "Facebook"),
  instagramUrl: socialLink("instagram.com", "Instagram"),
  linkedinUrl: socialLink("linkedin.com", "LinkedIn"),
  defaultCancellationTerms: requiredText("Please enter the default cancellation terms", 5000),
  contactInboxEmail: requiredEmail("Please enter the address that receives contact-form messages"),
});
