import * as z from "zod/mini";
import { emailAddress, requiredText, text } from "./fields";
import { partnerWebsite, optionalPhone } from "./partner-application-schema";

const TIERS = ["basic", "premium"] as const;

/** Premium partners share revenue with RCL; the share is a whole percentage. */
const tierFields = {
  tier: z.enum(TIERS, { message: "Please choose a tier" }),
  revenueSharePercent: text,
};

type TierInput = { tier: (typeof TIERS)[number]; revenueSharePercent: string };

/** The share as a number for premium, nothing for basic; a message when it is missing or out of range. */
const checkRevenueShare = z.refine<TierInput>(
  (form) =>
    form.tier === "basic" ||
    (/^\d{1,3}$/.test(form.revenueSharePercent.trim()) && Number(form.revenueSharePercent) <= 100),
  {
    message: "Please enter a revenue share between 0 and 100 % for a premium partner",
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
  memberFirstName: requiredText("Please enter a first name", 100),
  memberLastName: requiredText("Please enter a last name", 100),
};

/** 'Add New Partner': the organisation, its terms with RCL, and its first member. */
export const newPartnerSchema = z
  .object({
    name: requiredText("Please enter the partner's name", 200),
    location: requiredText("Please enter where the partner is based", 200),
    email: emailAddress("Please enter the partner's contact email"),
    phone: optionalPhone,
    website: partnerWebsite,
    description: requiredText("Please describe the partner in at least 20 characters", 3000, 20),
    ...tierFields,
    featured: checkbox,
    ...person,
  })
  .check(checkRevenueShare);

/** What only an admin sets on a partner: whether it is live, its tier and share, and the home page. */
export const partnerSettingsSchema = z
  .object({
    status: z.enum(["pending", "approved", "suspended"], { message: "Please choose a status" }),
    ...tierFields,
    featured: checkbox,
  })
  .check(checkRevenueShare);

/** Inviting a person to manage a partner. */
export const inviteMemberSchema = z.object(person);

/** Declining an application: the reason is mailed to the applicant as written. */
export const declineApplicationSchema = z.object({
  reason: requiredText(
    "Please tell the applicant why, in at least 10 characters",
    2000,
    10,
    "Please keep the reason under 2000 characters",
  ),
});
