import { eq } from "drizzle-orm";
import type { SiteContact } from "~/lib/contact-links";
import type { Database } from "#server/db/client";
import { siteSettings } from "#server/db/schema";

export type SiteSettingsRow = typeof siteSettings.$inferSelect;

/**
 * What public pages may show. The contact inbox is left out: every page's data carries
 * these settings (the footer), and the inbox may be an address that is not published.
 */
const publicColumns = {
  contactEmail: siteSettings.contactEmail,
  contactPhone: siteSettings.contactPhone,
  companyRegistrationNumber: siteSettings.companyRegistrationNumber,
  addressLine: siteSettings.addressLine,
  postalCode: siteSettings.postalCode,
  city: siteSettings.city,
  facebookUrl: siteSettings.facebookUrl,
  instagramUrl: siteSettings.instagramUrl,
  linkedinUrl: siteSettings.linkedinUrl,
  defaultCancellationTerms: siteSettings.defaultCancellationTerms,
};

/**
 * The footer's contact block and company details (one row), or null before seeding. Read
 * on every request, so a saved change shows at once.
 */
export async function getSiteSettings(db: Database) {
  const [row] = await db.select(publicColumns).from(siteSettings).where(eq(siteSettings.id, 1));
  return row ?? null;
}

/** Every setting, for the admin's settings form, or null before seeding. */
export async function getSiteSettingsForEditing(db: Database): Promise<SiteSettingsRow | null> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.id, 1));
  return row ?? null;
}

/** The address contact-form messages, partner applications and stray inquiries go to. */
export async function getContactInbox(db: Database): Promise<string | null> {
  const [row] = await db
    .select({ inbox: siteSettings.contactInboxEmail })
    .from(siteSettings)
    .where(eq(siteSettings.id, 1));
  return row?.inbox ?? null;
}

/** Only the company's contact details, for pages that show them in their text. */
export async function getSiteContact(db: Database): Promise<SiteContact | null> {
  const settings = await getSiteSettings(db);
  return (
    settings && {
      contactEmail: settings.contactEmail,
      contactPhone: settings.contactPhone,
      companyRegistrationNumber: settings.companyRegistrationNumber,
      addressLine: settings.addressLine,
      postalCode: settings.postalCode,
      city: settings.city,
    }
  );
}
