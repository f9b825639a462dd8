import { useLocation } from "react-router";
import { localizedPath, otherLocale, type Locale } from "~/lib/i18n/locale";
import { m } from "~/paraglide/messages";
import { carryFormsTo } from "./carried-forms";

/**
 * The offer of the page in `offered`, the browser's language (./language-offer.tsx):
 * one line at the foot of the page, in that language. "Yes" is the language switch;
 * "no" remembers the page's language. Loaded only when there is something to offer.
 */
export default function LanguageOfferBar({ offered }: { offered: Locale }) {
  const { pathname, search } = useLocation();
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
