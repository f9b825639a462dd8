/**
 * Which pages the page cache may hold, what each shows, and what each kind of database
 * change makes stale (ADR 024). The payloads come from the triggers of migration 0009.
 */

/** Every page that lists or links events or partners: home, lists, partner pages, event pages (their "more events"), sitemaps. */
const CATALOGUE = "catalogue";
/** The RCL team on the About page. */
const TEAM = "team";
/** The site's settings: every page's footer. */
const SITE = "site";

const eventTag = (slug: string) => `event:${slug}`;
const partnerTag = (slug: string) => `partner:${slug}`;

import { unlocalizedPath } from "~/lib/i18n/locale";

const SLUG = "[a-z0-9][a-z0-9-]*";
/** React Router's data request for a page: `/events.data`, and `/_.data` for the home page. */
const DATA_SUFFIX = /\.data$/;
const HOME_DATA = "/_.data";
const EVENT_PAGE = new RegExp(`^/events/(${SLUG})$`);
const PARTNER_PAGE = new RegExp(`^/partners/(${SLUG})$`);
const CATALOGUE_PAGES = new Set(["/", "/events", "/partners", "/networking", "/sitemap.xml"]);
const SITEMAP_FILE = /^\/sitemaps\/[a-z0-9-]+\.xml$/;
const SETTINGS_ONLY_PAGES = new Set(["/privacy", "/terms"]);
/** Forms under a partner's path, not partner pages. */
const NOT_PARTNERS = new Set(["apply"]);

/**
 * The tags of a public page, or null when the path is not one the cache holds: pages
 * with forms, personal pages, files and unknown paths are always rendered.
 */
export function publicPageTags(pathname: string): string[] | null {
  // The Danish pages (/da, /da/events, …) show what the English ones show (ADR 033).
  const page = unlocalizedPath(pathname === HOME_DATA ? "/" : pathname.replace(DATA_SUFFIX, ""));
  if (CATALOGUE_PAGES.has(page) || SITEMAP_FILE.test(page)) return [CATALOGUE, SITE];
  if (SETTINGS_ONLY_PAGES.has(page)) return [SITE];
  if (page === "/about") return [TEAM, SITE];
  const event = EVENT_PAGE.exec(page);
  if (event) return [eventTag(event[1]!), CATALOGUE, SITE];
  const partner = PARTNER_PAGE.exec(page);
  if (partner && !NOT_PARTNERS.has(partner[1]!)) return [partnerTag(partner[1]!), CATALOGUE, SITE];
  return null;
}

/**
 * What a change makes stale: "all", or the tags to purge.
 * - A team booked or cancelled changes its event's page (the places left), nothing else.
 * - An event changed (published, edited, cancelled) shows in every list and in other
 *   events' "more events": the catalogue.
 * - A partner changed: its page and the catalogue, where its name is on every event.
 * - The About page's team: that page.
 * - The settings: every page.
 * An unknown payload purges everything: a missed change would be worse.
 */
export function tagsChangedBy(payload: string): string[] | "all" {
  const colon = payload.indexOf(":");
  const kind = colon < 0 ? payload : payload.slice(0, colon);
  const slug = payload.slice(colon + 1);
  switch (kind) {
    case "registration":
      return [eventTag(slug)];
    case "event":
      return [eventTag(slug), CATALOGUE];
    case "partner":
      return [partnerTag(slug), CATALOGUE];
    case "team":
      return [TEAM];
    default:
      return "all";
  }
}
