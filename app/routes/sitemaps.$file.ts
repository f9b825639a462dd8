import { notFoundResponse } from "#server/http/respond";
import { renderSitemapFile } from "#server/seo/render-sitemap-file";
import { parseSitemapFileName } from "#server/seo/sitemap";
import type { Route } from "./+types/sitemaps.$file";

/** GET /sitemaps/pages-1.xml, /sitemaps/events-1.xml, …: one file named by the sitemap index. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const file = parseSitemapFileName(params.file);
  const body = file && (await renderSitemapFile(context.db, context.baseUrl, file));
  if (!body) throw notFoundResponse("Sitemap not found");
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
