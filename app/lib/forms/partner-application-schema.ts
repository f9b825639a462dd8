import * as z from "zod/mini";
import { websiteHost } from "../contact-links";
import { ORGANIZATION_TYPES, type OrganizationType } from "../organization-types";
import { emailAddress, optionalText, PHONE_PATTERN, requiredText, trimmed } from "./fields";

const organizationTypes = Object.keys(ORGANIZATION_TYPES) as [OrganizationType, ...OrganizationType[]];

/** A website as host and path (`club.dk` or `https://club.dk/about`), stored without the scheme. */
export const partnerWebsite = z.pipe(
  trimmed,
  z.pipe(
    z.pipe(
      z.string().check(z.maxLength(300, "Please keep this under 300 characters")),
      z.transform(websiteHost),
    ),
    z.pipe(
      z.string().check(
        z.refine((value) => value === "" || /^[a-z0-9-]+(\.[a-z0-9-]+)+(\/\S*)?$/i.test(value), {
          message: "Please enter a website such as yourclub.dk",
        }),
      ),
      z.transform((value) => value || null),
    ),
  ),
);

export const optionalPhone = z.pipe(
  optionalText(40),
  z.nullable(
    z
      .string()
      .check(
        z.refine((value) => PHONE_PATTERN.test(value), { message: "Please enter a valid phone number" }),
      ),
  ),
);

export const partnerApplicationSchema = z.object({
  organizationName: requiredText("Please enter your organisation's name", 200),
  organizationType: z.enum(organizationTypes, { message: "Please choose the type of organisation" }),
  location: requiredText("Please enter where you are based", 200),
  website: partnerWebsite,
  contactName: requiredText("Please enter a contact person", 200),
  email: emailAddress(),
  phone: optionalPhone,
  description: requiredText("Please describe your organisation in at least 20 characters", 3000, 20),
  message: requiredText("Please tell us why you want to partner with RCL (at least 10 characters)", 3000, 10),
});
