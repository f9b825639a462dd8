/** Pages everyone may visit that are not events or partners. */
export const STATIC_PUBLIC_PATHS = [
  "/",
  "/events",
  "/networking",
  "/partners",
  "/partners/apply",
  "/about",
  "/contact",
  "/terms",
  "/privacy",
] as const;

export type SitemapEntry = { path: string; lastModified?: Date };

const escapeXml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** A sitemaps.org 0.9 document with absolute URLs under `baseUrl`. */
export function renderSitemap(baseUrl: string, entries: SitemapEntry[]): string {
  const urls = entries.map(({ path, lastModified }) => {
    const lastmod = lastModified ? `<lastmod>${lastModified.toISOString()}</lastmod>` : "";
    return `  <url><loc>${escapeXml(`${baseUrl}${path}`)}</loc>${lastmod}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}
