import { partnerProfileSchema } from "~/lib/forms/partner-profile-schema";
import { managedPartnersScope } from "#server/auth/policies";
import { sanitizeRichText } from "#server/content/sanitize";
import type { Database } from "#server/db/client";
import { scopedLoader } from "#server/db/rows";
import { partners } from "#server/db/schema";
import { notFound, parseInput } from "#server/errors";
import { attachImages } from "#server/images/attach-images";
import { m } from "~/paraglide/messages";

export type PartnerRow = typeof partners.$inferSelect;

/** The columns the profile editor writes, each as stored. */
export type PartnerProfileValues = Pick<
  PartnerRow,
  | "name"
  | "location"
  | "address"
  | "phone"
  | "email"
  | "website"
  | "facebookUrl"
  | "instagramUrl"
  | "linkedinUrl"
  | "foundedYear"
  | "memberships"
  | "language"
  | "description"
  | "descriptionTranslation"
  | "fullDescriptionHtml"
  | "fullDescriptionHtmlTranslation"
  | "facilities"
  | "facilitiesTranslation"
  | "services"
  | "servicesTranslation"
  | "testimonials"
>;

/** The images the form sent back, before the server checks them against its rows. */
type SubmittedImages = Pick<ReturnType<typeof parsePartnerProfile>, "logo" | "cover" | "gallery">;

const parsePartnerProfile = (input: unknown) => parseInput(partnerProfileSchema, input);

/**
 * The editor's form as the columns store it: checked with the form's schema, and the
 * full descriptions sanitized, so no path stores or shows the HTML as typed. A form that
 * names no language is taken as written in the partner's.
 */
export function readPartnerProfileInput(
  input: unknown,
  partner: Pick<PartnerRow, "language">,
): PartnerProfileValues & SubmittedImages {
  const { language, fullDescriptionHtml, fullDescriptionHtmlTranslation, facilities, services, ...values } =
    parsePartnerProfile(input);
  return {
    ...values,
    language: language ?? partner.language,
    fullDescriptionHtml: sanitizeRichText(fullDescriptionHtml),
    fullDescriptionHtmlTranslation: sanitizeRichText(fullDescriptionHtmlTranslation),
    facilities: facilities.map((row) => row.text),
    facilitiesTranslation: facilities.map((row) => row.textTranslation ?? ""),
    services: services.map((row) => row.text),
    servicesTranslation: services.map((row) => row.textTranslation ?? ""),
  };
}

/**
 * The logo, cover and gallery a save or preview shows, as refs the server trusts: each
 * upload must be one of this partner's, and only its alt text comes from the form. A
 * save (`attach`) also marks the uploads as used, so the daily prune keeps them.
 */
export async function trustedImages(
  tx: Database,
  partner: PartnerRow,
  submitted: SubmittedImages,
  { attach }: { attach: boolean },
): Promise<Pick<PartnerRow, "logo" | "cover" | "gallery">> {
  const current = [partner.logo, partner.cover, ...partner.gallery].filter((ref) => ref !== null);
  const single = async (image: SubmittedImages["logo"]) =>
    image
      ? ((await attachImages(tx, { partnerId: partner.id, submitted: [image], current, attach }))[0] ?? null)
      : null;
  return {
    logo: await single(submitted.logo),
    cover: await single(submitted.cover),
    gallery: await attachImages(tx, { partnerId: partner.id, submitted: submitted.gallery, current, attach }),
  };
}

const partnerNotFound = () => notFound(m.err_partner_not_found());

/**
 * A partner whose profile the actor edits (server/auth/policies.ts), locked for the
 * rest of the transaction when `forUpdate`. Another partner's id is "not found", like
 * an unknown one.
 */
export const loadManagedPartner = scopedLoader({
  select: (db) => db.select().from(partners),
  id: partners.id,
  scope: managedPartnersScope,
  missing: partnerNotFound,
});
