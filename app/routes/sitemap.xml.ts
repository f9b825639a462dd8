import { listSitemapFiles } from "#server/seo/list-sitemap-files";
import { renderSitemapIndex } from "#server/seo/sitemap";
import type { Route } from "./+types/sitemap.xml";

/**
 * GET /sitemap.xml: the sitemap index, naming the files under /sitemaps/ that list every
 * public page, published event and approved partner, at most 500 pages (under 1 MB) each (ADR 025).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const body = renderSitemapIndex(context.baseUrl, await listSitemapFiles(context.db));
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
