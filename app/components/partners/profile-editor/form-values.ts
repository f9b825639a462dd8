import type { FormMetadata } from "@conform-to/react";
import type { ImageRef } from "#server/db/schema";
import type { PartnerRow } from "#server/partners/partner-profile";
import type { Locale } from "~/lib/i18n/locale";

/** A facility or a service, with its translation. */
type TextRow = { text: string; textTranslation: string };

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
  language: Locale;
  description: string;
  descriptionTranslation: string;
  fullDescriptionHtml: string;
  fullDescriptionHtmlTranslation: string;
  facilities: TextRow[];
  services: TextRow[];
  testimonials: {
    name: string;
    position: string;
    comment: string;
    positionTranslation: string;
    commentTranslation: string;
  }[];
  logo: SubmittedImage | null;
  cover: SubmittedImage | null;
  gallery: SubmittedImage[];
};

/** An image as the upload fields send it: an upload's id or a sample image's address, and alt texts. */
type SubmittedImage = { imageId?: string; src?: string; alt: string; altTranslation: string };

const submitted = (ref: ImageRef): SubmittedImage => {
  const alts = { alt: ref.alt, altTranslation: ref.altTranslation ?? "" };
  return ref.imageId ? { imageId: ref.imageId, ...alts } : { src: ref.src, ...alts };
};

/** A list and its translations, stored side by side, as rows of the form. */
const textRows = (texts: readonly string[], translations: readonly string[]): TextRow[] =>
  texts.map((text, index) => ({ text, textTranslation: translations[index] ?? "" }));

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
    language: partner.language,
    description: partner.description,
    descriptionTranslation: partner.descriptionTranslation,
    fullDescriptionHtml: partner.fullDescriptionHtml,
    fullDescriptionHtmlTranslation: partner.fullDescriptionHtmlTranslation,
    facilities: textRows(partner.facilities, partner.facilitiesTranslation),
    services: textRows(partner.services, partner.servicesTranslation),
    testimonials: partner.testimonials.map(
      ({ name, position, comment, positionTranslation = "", commentTranslation = "" }) => ({
        name,
        position,
        comment,
        positionTranslation,
        commentTranslation,
      }),
    ),
    logo: partner.logo ? submitted(partner.logo) : null,
    cover: partner.cover ? submitted(partner.cover) : null,
    gallery: partner.gallery.map(submitted),
  };
}

/** The profile editor's form, as its list fields see it. */
export type ProfileForm = FormMetadata<PartnerProfileFormValues, string[]>;
