import type { ReactNode } from "react";
import type { ImageRef, Testimonial } from "#server/db/schema";
import type { PriceWithMoms } from "~/lib/billing/price-with-moms";
import type { Locale } from "~/lib/i18n/locale";

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
  testimonials: Pick<Testimonial, "name" | "position" | "comment">[];
  gallery: ShownImage[];
  logo: ShownImage | null;
  cover: ShownImage | null;
  eventsHosted: number;
  /** Texts shown in the other language than the page's, untranslated (ADR 034). */
  shownIn: Partial<
    Record<"description" | "fullDescriptionHtml" | "facilities" | "services" | "testimonials", Locale>
  >;
};

type ShownImage = ImageRef & { altLang?: Locale };

export type PartnerUpcomingEvent = {
  id: string;
  slug: string;
  title: string;
  startsAt: Date | string;
  location: string;
  image: ShownImage | null;
  /** Per team, with the moms the partner's invoices carry (`priceWithMoms`). */
  price: PriceWithMoms;
  /** Texts shown in the other language, untranslated (ADR 034). */
  shownIn: { title?: Locale; location?: Locale };
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
