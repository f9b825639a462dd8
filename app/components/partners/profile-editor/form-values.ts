import type { PartnerRow } from "#server/partners/partner-profile";

/** The editor's fields as the form holds them: text everywhere, lists as lists. */
export type PartnerProfileFormValues = {
  name: string;
  location: string;
  address: string;
  phone: string;
  email: string;
  website: string;
  facebookUrl: string;
  instagramUrl: string;
  linkedinUrl: string;
  foundedYear: string;
  memberships: string;
  description: string;
  fullDescriptionHtml: string;
  facilities: string[];
  services: string[];
  testimonials: { name: string; position: string; comment: string }[];
};

/** A stored partner as the editor starts from it. */
export function partnerProfileFormValues(partner: PartnerRow): PartnerProfileFormValues {
  return {
    name: partner.name,
    location: partner.location,
    address: partner.address,
    phone: partner.phone,
    email: partner.email,
    website: partner.website ?? "",
    facebookUrl: partner.facebookUrl ?? "",
    instagramUrl: partner.instagramUrl ?? "",
    linkedinUrl: partner.linkedinUrl ?? "",
    foundedYear: partner.foundedYear === null ? "" : String(partner.foundedYear),
    memberships: partner.memberships,
    description: partner.description,
    fullDescriptionHtml: partner.fullDescriptionHtml,
    facilities: partner.facilities,
    services: partner.services,
    testimonials: partner.testimonials.map(({ name, position, comment }) => ({ name, position, comment })),
  };
}
