/**
 * The language of each request (ADR 033): a public page's is in its URL; every other
 * page (the dashboards) is in the choice kept in the `lang` cookie, which signing in,
 * the profile and the language switch keep equal to the person's saved language.
 * Messages rendered anywhere below read it through the AsyncLocalStorage registered
 * here (app/lib/i18n/runtime.ts).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { MiddlewareHandler } from "hono";
import {
  BASE_LOCALE,
  hasLanguageInPath,
  LANGUAGE_COOKIE,
  localeOfPath,
  localizedPath,
  rememberedLocale,
  type Locale,
} from "~/lib/i18n/locale";
import { LOCALE_STORE_KEY, type LocaleStore } from "~/lib/i18n/runtime";

// One store per process: the host and the server build each bundle this module, and the
// host's middleware must fill the store the build's pages read.
const shared = globalThis as { [LOCALE_STORE_KEY]?: LocaleStore };
shared[LOCALE_STORE_KEY] ??= new AsyncLocalStorage<Locale>();
const store = shared[LOCALE_STORE_KEY] as AsyncLocalStorage<Locale>;

/** Runs `work` with every message in `locale`: a request, or a mail rendered for its recipient. */
export function withLocale<T>(locale: Locale, work: () => T): T {
  return store.run(locale, work);
}

/** The language a request is answered in. */
function requestLocale(url: URL, cookie: string | null | undefined): Locale {
  if (hasLanguageInPath(url.pathname)) return localeOfPath(url.pathname);
  return rememberedLocale(cookie) ?? BASE_LOCALE;
}

/**
 * Where a visitor who chose the other language with the switch is sent when they open a
 * public page in this one: the same page and query in their language, or null. Only
 * pages opened as documents move; React Router's data requests (`.data`) answer in their
 * URL's language, since the page asking is already in it.
 */
export function rememberedLanguageRedirect(
  method: string,
  url: URL,
  cookie: string | null | undefined,
): string | null {
  if (method !== "GET" && method !== "HEAD") return null;
  if (!hasLanguageInPath(url.pathname) || url.pathname.endsWith(".data")) return null;
  // A file under a public path (an event's calendar.ics) is what its link asked for.
  if (/\.[a-z0-9]+$/i.test(url.pathname)) return null;
  const remembered = rememberedLocale(cookie);
  if (!remembered || remembered === localeOfPath(url.pathname)) return null;
  return localizedPath(`${url.pathname}${url.search}`, remembered);
}

/** Answers each request in its language, and sends a visitor to the language they chose. */
export function language(): MiddlewareHandler {
  return async (c, next) => {
    const url = new URL(c.req.url);
    const cookie = c.req.header("cookie");
    const target = rememberedLanguageRedirect(c.req.method, url, cookie);
    if (target) {
      return new Response(null, {
        status: 302,
        headers: { Location: target, "Cache-Control": "private, no-store", Vary: "Cookie" },
      });
    }
    await withLocale(requestLocale(url, cookie), next);
  };
}

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * The `lang` cookie that keeps a language chosen with the switch or saved in a profile.
 * Not HttpOnly: the page's offer of the other language reads it (app/components/site/language-offer.tsx).
 */
export function languageCookie(locale: Locale): string {
  return `${LANGUAGE_COOKIE}=${locale}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax`;
}
