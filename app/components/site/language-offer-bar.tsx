import { useSyncExternalStore } from "react";
import { useLocation } from "react-router";
import {
  localizedPath,
  otherLocale,
  preferredLocale,
  rememberedLocale,
  type Locale,
} from "~/lib/i18n/locale";
import { m } from "~/paraglide/messages";
import { getLocale } from "~/paraglide/runtime";
import { carryFormsTo } from "./carried-forms";

/**
 * One line that offers the page in the language the browser asks for, when that is the
 * other one and no choice was made yet (ADR 033). Decided in the browser, so every
 * visitor gets the same cached page; never a redirect. Either answer is remembered.
 */
const subscribeToNothing = () => () => {};

/** The language to offer: the browser's first choice among the site's, when it is not this page's and nothing was chosen. */
function offeredLocale(): Locale | null {
  const wanted = preferredLocale(navigator.languages.join(","));
  return wanted && wanted !== getLocale() && !rememberedLocale(document.cookie) ? wanted : null;
}

export function LanguageOffer() {
  const { pathname, search } = useLocation();
  // Read in the browser only: the server's (and the cache's) page never carries the offer.
  const offered = useSyncExternalStore(subscribeToNothing, offeredLocale, () => null);
  if (!offered) return null;
  const next = `${pathname}${search}`;
  const current = otherLocale(offered);
  return (
    <div
      role="region"
      aria-label={m.language_offer_region({}, { locale: offered })}
      lang={offered}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white px-4 py-3 shadow-lg print:hidden"
    >
      <form
        method="post"
        action="/language"
        className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 text-sm"
      >
        <input type="hidden" name="next" value={next} />
        <p>{m.language_offer({}, { locale: offered })}</p>
        <div className="flex gap-2">
          <button
            type="submit"
            name="language"
            value={offered}
            onClick={() => carryFormsTo(localizedPath(next, offered))}
            className="rounded-md bg-water-600 px-3 py-1.5 font-medium text-white hover:bg-water-700"
          >
            {m.language_offer_accept({}, { locale: offered })}
          </button>
          <button
            type="submit"
            name="language"
            value={current}
            lang={current}
            className="rounded-md px-3 py-1.5 font-medium text-slate-700 hover:bg-slate-100"
          >
            {m.language_offer_decline({}, { locale: current })}
          </button>
        </div>
      </form>
    </div>
  );
}
