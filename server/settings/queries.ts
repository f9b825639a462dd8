import { eq } from "drizzle-orm";
import type { SiteContact } from "~/lib/contact-links";
import type { Database } from "#server/db/client";
import { siteSettings } from "#server/db/schema";

/** The footer's contact block and company details (one row), or null before seeding. */
export async function getSiteSettings(db: Database) {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.id, 1));
  return row ?? null;
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
