import { lazy, Suspense, useSyncExternalStore } from "react";
import { preferredLocale, rememberedLocale, type Locale } from "~/lib/i18n/locale";
import { getLocale } from "~/paraglide/runtime";

/** The bar's code and words load only for the few visitors it is shown to. */
const LanguageOfferBar = lazy(() => import("./language-offer-bar"));

const subscribeToNothing = () => () => {};

/** The language to offer: the browser's first choice among the site's, when it is not this page's and nothing was chosen. */
function offeredLocale(): Locale | null {
  const wanted = preferredLocale(navigator.languages.join(","));
  return wanted && wanted !== getLocale() && !rememberedLocale(document.cookie) ? wanted : null;
}

/**
 * Offers the page in the language the browser asks for, when that is the other one and
 * no choice was made yet (ADR 033). Decided in the browser, so every visitor gets the
 * same cached page; never a redirect.
 */
export function LanguageOffer() {
  // Read in the browser only: the server's (and the cache's) page never carries the offer.
  const offered = useSyncExternalStore(subscribeToNothing, offeredLocale, () => null);
  if (!offered) return null;
  return (
    <Suspense>
      <LanguageOfferBar offered={offered} />
    </Suspense>
  );
}
