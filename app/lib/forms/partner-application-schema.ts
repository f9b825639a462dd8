import { z } from "zod";
import { websiteHost } from "../contact-links";
import { ORGANIZATION_TYPES, type OrganizationType } from "../organization-types";
import { emailAddress, optionalText, requiredText } from "./contact-schema";

const organizationTypes = Object.keys(ORGANIZATION_TYPES) as [OrganizationType, ...OrganizationType[]];

/** A website as host and path (`club.dk` or `https://club.dk/about`), stored without the scheme. */
const website = z
  .string()
  .trim()
  .max(300, "Please keep this under 300 characters")
  .transform(websiteHost)
  .refine((value) => value === "" || /^[a-z0-9-]+(\.[a-z0-9-]+)+(\/\S*)?$/i.test(value), {
    message: "Please enter a website such as yourclub.dk",
  })
  .transform((value) => value || null);

export const partnerApplicationSchema = z.object({
  organizationName: requiredText("Please enter your organisation's name", 200),
  organizationType: z.enum(organizationTypes, { message: "Please choose the type of organisation" }),
  location: requiredText("Please enter where you are based", 200),
  website: website.optional().default(null),
  contactName: requiredText("Please enter a contact person", 200),
  email: emailAddress,
  phone: optionalText(40)
    .refine((value) => value === null || /^\+?[0-9 ()-]{6,}$/.test(value), {
      message: "Please enter a valid phone number",
    })
    .optional()
    .default(null),
  description: z
    .string()
    .trim()
    .min(20, "Please describe your organisation in at least 20 characters")
    .max(3000, "Please keep this under 3000 characters"),
  message: z
    .string()
    .trim()
    .min(10, "Please tell us why you want to partner with RCL (at least 10 characters)")
    .max(3000, "Please keep this under 3000 characters"),
});
