import type { PartnerProfileData } from "~/components/partners/partner-profile";
import type { ImageRef } from "#server/db/schema";
import { localizeImage, pickRows, pickText } from "~/lib/content-language";
import { httpUrlOrNull, websiteHost } from "~/lib/contact-links";
import type { Locale } from "~/lib/i18n/locale";
import { getLocale } from "~/paraglide/runtime";
import type { PartnerRow } from "./partner-profile";

/** A list stored beside its translations (facilities, services), in the page's language. */
function listIn(page: Locale, main: Locale, texts: string[], translations: string[]) {
  return pickRows(page, main, texts, {
    mainOf: (text) => text,
    translationOf: (_text, index) => translations[index] || null,
  });
}

/**
 * A partner row as the profile shows it, in the page's language: the public page and the
 * editor's preview both use this, so the preview shows what visitors will see. Links are
 * only ever http(s).
 */
export function partnerProfileData(
  partner: PartnerRow & { eventsHosted: number },
  page: Locale = getLocale(),
): PartnerProfileData {
  const main = partner.language;
  const texts = {
    description: pickText(page, main, partner.description, partner.descriptionTranslation),
    fullDescriptionHtml: pickText(
      page,
      main,
      partner.fullDescriptionHtml,
      partner.fullDescriptionHtmlTranslation,
    ),
    facilities: listIn(page, main, partner.facilities, partner.facilitiesTranslation),
    services: listIn(page, main, partner.services, partner.servicesTranslation),
    testimonials: pickRows(page, main, partner.testimonials, {
      mainOf: ({ name, position, comment }) => ({ name, position, comment }),
      translationOf: ({ name, position, positionTranslation, commentTranslation }) =>
        commentTranslation && (positionTranslation || !position)
          ? { name, position: positionTranslation ?? "", comment: commentTranslation }
          : null,
    }),
  };
  const shownIn: PartnerProfileData["shownIn"] = {};
  for (const [field, shown] of Object.entries(texts)) {
    if (shown.lang !== page) shownIn[field as keyof typeof texts] = shown.lang;
  }
  const image = (ref: ImageRef) => localizeImage(ref, main, page);
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
    description: texts.description.value,
    fullDescriptionHtml: texts.fullDescriptionHtml.value,
    facilities: texts.facilities.value,
    services: texts.services.value,
    testimonials: texts.testimonials.value,
    gallery: partner.gallery.map(image),
    logo: partner.logo && image(partner.logo),
    cover: partner.cover && image(partner.cover),
    eventsHosted: partner.eventsHosted,
    shownIn,
  };
}
