import { LOCALES, localizedPath, type Locale } from "~/lib/i18n/locale";

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

/**
 * Pages in one sitemap file. Each page is listed once per language with every language as an
 * alternate (ADR 033): about 1.1 kB a page, 1.8 kB with a 120-character slug, so 500 pages
 * keep a file under 1 MB, which a crawler fetches in one go and a cache holds cheaply. The
 * sitemaps.org limits (50,000 URLs, 50 MB) are far off.
 */
export const SITEMAP_MAX_PAGES = 500;

export type SitemapEntry = { path: string; lastModified?: Date };

/**
 * The two kinds of sitemap file: `pages` (the static pages, then approved partners) and
 * `events` (published events). Each is split into numbered files of at most the limit.
 */
type SitemapSection = "pages" | "events";

export type SitemapFile = { section: SitemapSection; number: number };

const escapeXml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * A sitemaps.org 0.9 document with absolute URLs under `baseUrl`: each page once in each
 * language, each naming all its languages (and English as the default) as alternates.
 */
export function renderSitemap(baseUrl: string, entries: SitemapEntry[]): string {
  const urls = entries.flatMap(({ path, lastModified }) => {
    const lastmod = lastModified ? `<lastmod>${lastModified.toISOString()}</lastmod>` : "";
    const link = (hreflang: string, language: Locale) =>
      `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(`${baseUrl}${localizedPath(path, language)}`)}"/>`;
    const alternates = [...LOCALES.map((language) => link(language, language)), link("x-default", "en")].join(
      "",
    );
    return LOCALES.map(
      (language) =>
        `  <url><loc>${escapeXml(`${baseUrl}${localizedPath(path, language)}`)}</loc>${lastmod}${alternates}</url>`,
    );
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
}

/** A sitemaps.org 0.9 index naming each sitemap file under `baseUrl`. */
export function renderSitemapIndex(baseUrl: string, files: SitemapFile[]): string {
  const items = files.map(
    (file) => `  <sitemap><loc>${escapeXml(`${baseUrl}${sitemapFilePath(file)}`)}</loc></sitemap>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join("\n")}\n</sitemapindex>\n`;
}

/** Where a sitemap file is served: `/sitemaps/events-2.xml`. */
function sitemapFilePath({ section, number }: SitemapFile): string {
  return `/sitemaps/${section}-${number}.xml`;
}

/** The file a `/sitemaps/…` name stands for, or null for any other name. */
export function parseSitemapFileName(name: string): SitemapFile | null {
  const match = /^(pages|events)-([1-9][0-9]{0,5})\.xml$/.exec(name);
  if (!match) return null;
  return { section: match[1] as SitemapSection, number: Number(match[2]) };
}

/** How many URLs each section holds: static pages and partners, and events. */
export type SitemapCounts = { partners: number; events: number };

const sectionSize = (section: SitemapSection, counts: SitemapCounts) =>
  section === "pages" ? STATIC_PUBLIC_PATHS.length + counts.partners : counts.events;

/** Every sitemap file there is for these counts, in order: pages first (never none), then events. */
export function sitemapFiles(counts: SitemapCounts, limit = SITEMAP_MAX_PAGES): SitemapFile[] {
  const files: SitemapFile[] = [];
  for (const section of ["pages", "events"] as const) {
    const count = Math.ceil(sectionSize(section, counts) / limit);
    for (let number = 1; number <= count; number++) files.push({ section, number });
  }
  return files;
}

/**
 * Which rows a file lists: the static paths it starts with, and the slice of partners or
 * events (offset and limit into their sitemap order; limit 0 for none). Null when the
 * file does not exist.
 */
export function sitemapFileRange(
  { section, number }: SitemapFile,
  counts: SitemapCounts,
  limit = SITEMAP_MAX_PAGES,
): { staticPaths: readonly string[]; offset: number; limit: number } | null {
  const size = sectionSize(section, counts);
  const start = (number - 1) * limit;
  if (start >= size) return null;
  const end = Math.min(start + limit, size);
  if (section === "events") return { staticPaths: [], offset: start, limit: end - start };
  const staticCount = STATIC_PUBLIC_PATHS.length;
  const staticPaths = STATIC_PUBLIC_PATHS.slice(Math.min(start, staticCount), Math.min(end, staticCount));
  const offset = Math.max(0, start - staticCount);
  return { staticPaths, offset, limit: Math.max(0, end - Math.max(start, staticCount)) };
}
