import { publicEventPath, publicPartnerPath } from "~/lib/public-paths";
import type { Database } from "#server/db/client";
import { listPublishedEventSlugs } from "#server/events/queries";
import { listApprovedPartnerSlugs } from "#server/partners/queries";
import { countSitemapEntries } from "./list-sitemap-files";
import { renderSitemap, SITEMAP_MAX_PAGES, sitemapFileRange, type SitemapFile } from "./sitemap";

/** One sitemap file's XML (at most `limit` URLs), or null when the site has no such file. */
export async function renderSitemapFile(
  db: Database,
  baseUrl: string,
  file: SitemapFile,
  limit = SITEMAP_MAX_PAGES,
): Promise<string | null> {
  const range = sitemapFileRange(file, await countSitemapEntries(db), limit);
  if (!range) return null;
  if (file.section === "events") {
    const events = await listPublishedEventSlugs(db, range);
    return renderSitemap(
      baseUrl,
      events.map((event) => ({ path: publicEventPath(event.slug, "en"), lastModified: event.updatedAt })),
    );
  }
  const partners = range.limit > 0 ? await listApprovedPartnerSlugs(db, range) : [];
  return renderSitemap(baseUrl, [
    ...range.staticPaths.map((path) => ({ path })),
    ...partners.map((partner) => ({
      path: publicPartnerPath(partner.slug, "en"),
      lastModified: partner.updatedAt,
    })),
  ]);
}
