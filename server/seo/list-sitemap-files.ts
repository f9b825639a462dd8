import type { Database } from "#server/db/client";
import { countPublishedEvents } from "#server/events/queries";
import { countApprovedPartners } from "#server/partners/queries";
import { SITEMAP_MAX_PAGES, sitemapFiles, type SitemapCounts, type SitemapFile } from "./sitemap";

/** How many partners and events the sitemap lists. */
export async function countSitemapEntries(db: Database): Promise<SitemapCounts> {
  const [partners, events] = await Promise.all([countApprovedPartners(db), countPublishedEvents(db)]);
  return { partners, events };
}

/** The sitemap files the site has now, for /sitemap.xml (the index). */
export async function listSitemapFiles(db: Database, limit = SITEMAP_MAX_PAGES): Promise<SitemapFile[]> {
  return sitemapFiles(await countSitemapEntries(db), limit);
}
