/**
 * The site's two languages and how a path carries one (ADR 033). English is at the
 * specification's paths; Danish at the same paths under /da. Dashboards and other
 * signed-in pages have no prefix: they use the person's saved language.
 */
import { getLocale, locales, type Locale } from "~/paraglide/runtime";

export type { Locale };
export const LOCALES = locales;
export const BASE_LOCALE: Locale = "en";
const DANISH_PREFIX = "/da";

/** The cookie that keeps a choice made with the language switch (ADR 033). */
export const LANGUAGE_COOKIE = "lang";

/** Only the site's own languages; anything else (a forged cookie, `?lang=de`) is ignored. */
export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

export const otherLocale = (locale: Locale): Locale => (locale === "da" ? "en" : "da");

/**
 * Paths whose language is not in the URL: the signed-in area, files and machine endpoints,
 * among them React Router's route discovery (`/__manifest`), which every page asks.
 */
const UNPREFIXED =
  /^\/(dashboard|api|assets|uploads|images|logout|language|__manifest|robots\.txt|manifest\.webmanifest|sitemap\.xml|sitemaps\/|livez|healthz|readyz|metrics|dev\/)(\/|$|\.)?/;

/** Whether a path's language is set by its URL (a public page, in either language). */
export function hasLanguageInPath(pathname: string): boolean {
  return !UNPREFIXED.test(unlocalizedPath(pathname));
}

/** The language a public path is in: Danish under /da, English otherwise. */
export function localeOfPath(pathname: string): Locale {
  return pathname === DANISH_PREFIX || pathname.startsWith(`${DANISH_PREFIX}/`) || pathname === "/da.data"
    ? "da"
    : "en";
}

/** A public path without its language prefix: `/da/events` → `/events`, `/da` → `/`. */
export function unlocalizedPath(pathname: string): string {
  if (pathname === DANISH_PREFIX) return "/";
  return pathname.startsWith(`${DANISH_PREFIX}/`) ? pathname.slice(DANISH_PREFIX.length) : pathname;
}

/**
 * A site path in `locale` (the current one by default): public pages get the prefix of
 * their language, everything else is left as it is. Keeps the query and the fragment.
 */
export function localizedPath(path: string, locale: Locale = getLocale()): string {
  const end = path.search(/[?#]/);
  const pathname = end < 0 ? path : path.slice(0, end);
  const rest = end < 0 ? "" : path.slice(end);
  if (!pathname.startsWith("/") || !hasLanguageInPath(pathname)) return path;
  const bare = unlocalizedPath(pathname);
  if (locale === BASE_LOCALE) return `${bare}${rest}`;
  return `${bare === "/" ? DANISH_PREFIX : `${DANISH_PREFIX}${bare}`}${rest}`;
}

/** The same page in the other language, as the language switch links it. */
export function pathInOtherLocale(pathname: string, search: string, locale: Locale): string {
  return localizedPath(`${pathname}${search}`, otherLocale(locale));
}

/**
 * The language the browser asks for first among the site's, or null when it names
 * neither ("da-DK,da;q=0.9,en;q=0.8" → "da"). Used only to offer the other language.
 */
export function preferredLocale(acceptLanguage: string | null | undefined): Locale | null {
  const ranked = (acceptLanguage ?? "")
    .split(",")
    .map((part, order) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return {
        language: tag.toLowerCase().split("-")[0] ?? "",
        weight: q === undefined ? 1 : Number(q),
        order,
      };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.order - b.order);
  for (const entry of ranked) {
    if (entry.language === "nb" || entry.language === "no") continue;
    if (isLocale(entry.language)) return entry.language;
  }
  return null;
}

const REMEMBERED = new RegExp(`(?:^|;)\\s*${LANGUAGE_COOKIE}=([^;]*)`);

/** The language kept in the `lang` cookie, or null. */
export function rememberedLocale(cookieHeader: string | null | undefined): Locale | null {
  const match = REMEMBERED.exec(cookieHeader ?? "");
  const value = match?.[1]?.trim();
  return isLocale(value) ? value : null;
}

/** BCP 47 tags for `Intl` and `og:locale`. */
export const INTL_LOCALE: Record<Locale, string> = { en: "en-GB", da: "da-DK" };
export const OG_LOCALE: Record<Locale, string> = { en: "en_GB", da: "da_DK" };
