import { eq } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { siteSettings } from "#server/db/schema";

/** Who sends the mail, for the layout's footer. */
export type MailBrand = { name: string; cvr?: string; address?: string };

const NAME = "Rethink Corporate Life";

/**
 * The footer's company details, read from site_settings when the mail is rendered so a
 * change in the admin's settings reaches the next mail. Before seeding there is no row,
 * and the footer carries the name alone.
 */
export async function readMailBrand(db: Pick<Database, "select">): Promise<MailBrand> {
  const [row] = await db
    .select({
      cvr: siteSettings.companyRegistrationNumber,
      addressLine: siteSettings.addressLine,
      postalCode: siteSettings.postalCode,
      city: siteSettings.city,
    })
    .from(siteSettings)
    .where(eq(siteSettings.id, 1));
  if (!row) return { name: NAME };
  return { name: NAME, cvr: row.cvr, address: `${row.addressLine}, ${row.postalCode} ${row.city}` };
}
