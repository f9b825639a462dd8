import type { ReactNode } from "react";
import type { ImageRef, Testimonial } from "#server/db/schema";
import type { PartnerRow } from "#server/partners/partner-profile";
import { httpUrlOrNull, websiteHost } from "~/lib/contact-links";

/** What a partner's public profile shows; the profile route's loader returns it. */
export type PartnerProfileData = {
  slug: string;
  name: string;
  location: string;
  address: string;
  phone: string;
  email: string;
  /** Host only, such as `germania-frankfurt.de`. */
  website: string | null;
  facebookUrl: string | null;
  instagramUrl: string | null;
  linkedinUrl: string | null;
  foundedYear: number | null;
  memberships: string;
  description: string;
  fullDescriptionHtml: string;
  facilities: string[];
  services: string[];
  testimonials: Testimonial[];
  gallery: ImageRef[];
  logo: ImageRef | null;
  cover: ImageRef | null;
  eventsHosted: number;
};

/**
 * A partner row as the profile shows it: the public page and the editor's preview both
 * use this, so the preview shows what visitors will see. Links are only ever http(s).
 */
export function partnerProfileData(partner: PartnerRow & { eventsHosted: number }): PartnerProfileData {
  return {
    slug: partner.slug,
    name: partner.name,
    location: partner.location,
    address: partner.address,
    phone: partner.phone,
    email: partner.email,
    website: partner.website ? websiteHost(partner.website) : null,
    facebookUrl: httpUrlOrNull(partner.facebookUrl),
    instagramUrl: httpUrlOrNull(partner.instagramUrl),
    linkedinUrl: httpUrlOrNull(partner.linkedinUrl),
    foundedYear: partner.foundedYear,
    memberships: partner.memberships,
    description: partner.description,
    fullDescriptionHtml: partner.fullDescriptionHtml,
    facilities: partner.facilities,
    services: partner.services,
    testimonials: partner.testimonials,
    gallery: partner.gallery,
    logo: partner.logo,
    cover: partner.cover,
    eventsHosted: partner.eventsHosted,
  };
}

export type PartnerUpcomingEvent = {
  id: string;
  slug: string;
  title: string;
  startsAt: Date | string;
  location: string;
  image: ImageRef | null;
};

/** A titled part of a profile tab. */
export function ProfilePanelSection({
  id,
  title,
  children,
}: {
  /** The heading's id, which names the section. */
  id: string;
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-xl font-semibold text-navy-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
