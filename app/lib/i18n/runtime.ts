/**
 * Which language a message is rendered in (ADR 032). On the server, the request's
 * language, kept for the whole render in an AsyncLocalStorage that server/http/language.ts
 * fills; in the browser, the page's: a public page's URL, or else the language the server
 * rendered the document in (a signed-in page's saved one). Imported for its effect by the
 * root route and the browser entry, before any message is rendered.
 */
import { overwriteGetLocale, type Locale } from "~/paraglide/runtime";
import { BASE_LOCALE, hasLanguageInPath, isLocale, localeOfPath } from "./locale";

/** Shared by every copy of this module in the process (the server build and the host). */
const STORE_KEY = Symbol.for("rcl.i18n.locale");

type LocaleStore = { getStore(): Locale | undefined };

function serverLocale(): Locale {
  const store = (globalThis as { [STORE_KEY]?: LocaleStore })[STORE_KEY];
  return store?.getStore() ?? BASE_LOCALE;
}

let documentLocale: Locale | undefined;
function browserLocale(): Locale {
  const { pathname } = window.location;
  if (hasLanguageInPath(pathname)) return localeOfPath(pathname);
  documentLocale ??= isLocale(document.documentElement.lang) ? document.documentElement.lang : BASE_LOCALE;
  return documentLocale;
}

overwriteGetLocale(() => (typeof window === "undefined" ? serverLocale() : browserLocale()));

export { STORE_KEY as LOCALE_STORE_KEY, type LocaleStore };
