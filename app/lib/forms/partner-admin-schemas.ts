import * as z from "zod/mini";
import { contentLanguage } from "./editor-fields";
import { m } from "~/paraglide/messages";
import { emailAddress, formatCount, requiredText, says, text } from "./fields";
import { partnerWebsite, optionalPhone } from "./partner-application-schema";

const TIERS = ["basic", "premium"] as const;

/** Premium partners share revenue with RCL; the share is a whole percentage. */
const tierFields = {
  tier: z.enum(TIERS, says(m.valid_tier_required)),
  revenueSharePercent: text,
};

type TierInput = { tier: (typeof TIERS)[number]; revenueSharePercent: string };

/** The share as a number for premium, nothing for basic; a message when it is missing or out of range. */
const checkRevenueShare = z.refine<TierInput>(
  (form) =>
    form.tier === "basic" ||
    (/^\d{1,3}$/.test(form.revenueSharePercent.trim()) && Number(form.revenueSharePercent) <= 100),
  {
    error: () => m.valid_revenue_share_range(),
    path: ["revenueSharePercent"],
  },
);

export const revenueShareOf = (form: TierInput): number | null =>
  form.tier === "premium" ? Number(form.revenueSharePercent.trim()) : null;

const checkbox = z.pipe(
  z.optional(z.string()),
  z.transform((value) => value === "on"),
);

const person = {
  memberEmail: emailAddress(),
  memberFirstName: requiredText(m.valid_member_first_name_required, 100),
  memberLastName: requiredText(m.valid_member_last_name_required, 100),
};

/** 'Add New Partner': the organisation, its terms with RCL, and its first member. */
export const newPartnerSchema = z
  .object({
    name: requiredText(m.valid_partner_name_required, 200),
    location: requiredText(m.valid_partner_location_required, 200),
    email: emailAddress(m.valid_partner_email_invalid),
    phone: optionalPhone,
    website: partnerWebsite,
    description: requiredText(m.valid_partner_description_too_short, 3000, 20),
    // The language the partner writes in (ADR 034); its description above is in it.
    language: z.optional(contentLanguage),
    ...tierFields,
    featured: checkbox,
    ...person,
  })
  .check(checkRevenueShare);

/** What only an admin sets on a partner: whether it is live, its tier and share, and the home page. */
export const partnerSettingsSchema = z
  .object({
    status: z.enum(["pending", "approved", "suspended"], says(m.valid_partner_status_required)),
    ...tierFields,
    featured: checkbox,
  })
  .check(checkRevenueShare);

/** Inviting a person to manage a partner. */
export const inviteMemberSchema = z.object(person);

/** Declining an application: the reason is mailed to the applicant as written. */
export const declineApplicationSchema = z.object({
  reason: requiredText(m.valid_decline_reason_required, 2000, 10, () =>
    m.valid_decline_reason_too_long({ max: formatCount(2000) }),
  ),
});
