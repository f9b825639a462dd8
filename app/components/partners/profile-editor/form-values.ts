import type { FormMetadata } from "@conform-to/react";
import type { ImageRef } from "#server/db/schema";
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
  logo: SubmittedImage | null;
  cover: SubmittedImage | null;
  gallery: SubmittedImage[];
};

/** An image as the upload fields send it: an upload's id or a sample image's address, and alt text. */
type SubmittedImage = { imageId?: string; src?: string; alt: string };

const submitted = (ref: ImageRef): SubmittedImage =>
  ref.imageId ? { imageId: ref.imageId, alt: ref.alt } : { src: ref.src, alt: ref.alt };

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
    logo: partner.logo ? submitted(partner.logo) : null,
    cover: partner.cover ? submitted(partner.cover) : null,
    gallery: partner.gallery.map(submitted),
  };
}

/** The profile editor's form, as its list fields see it. */
export type ProfileForm = FormMetadata<PartnerProfileFormValues, string[]>;
