import * as z from "zod/mini";
import { websiteHost } from "../contact-links";
import { ORGANIZATION_TYPES, type OrganizationType } from "../organization-types";
import { m } from "~/paraglide/messages";
import { emailAddress, keepUnder, optionalText, PHONE_PATTERN, requiredText, says, trimmed } from "./fields";

const organizationTypes = Object.keys(ORGANIZATION_TYPES) as [OrganizationType, ...OrganizationType[]];

/** A website as host and path (`club.dk` or `https://club.dk/about`), stored without the scheme. */
export const partnerWebsite = z.pipe(
  trimmed,
  z.pipe(
    z.pipe(z.string().check(z.maxLength(300, says(keepUnder(300)))), z.transform(websiteHost)),
    z.pipe(
      z
        .string()
        .check(
          z.refine(
            (value) => value === "" || /^[a-z0-9-]+(\.[a-z0-9-]+)+(\/\S*)?$/i.test(value),
            says(m.valid_website_example),
          ),
        ),
      z.transform((value) => value || null),
    ),
  ),
);

export const optionalPhone = z.pipe(
  optionalText(40),
  z.nullable(z.string().check(z.refine((value) => PHONE_PATTERN.test(value), says(m.valid_phone_invalid)))),
);

export const partnerApplicationSchema = z.object({
  organizationName: requiredText(m.valid_organization_name_required, 200),
  organizationType: z.enum(organizationTypes, says(m.valid_organization_type_required)),
  location: requiredText(m.valid_organization_location_required, 200),
  website: partnerWebsite,
  contactName: requiredText(m.valid_contact_person_required, 200),
  email: emailAddress(),
  phone: optionalPhone,
  description: requiredText(m.valid_organization_description_too_short, 3000, 20),
  message: requiredText(m.valid_application_message_too_short, 3000, 10),
});
