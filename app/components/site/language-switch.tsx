import { useLocation } from "react-router";
import { cn } from "~/lib/utils";
import { localizedPath, otherLocale } from "~/lib/i18n/locale";
import { m } from "~/paraglide/messages";
import { getLocale } from "~/paraglide/runtime";

/** Longer queries are someone's experiment, not a page to keep (the page cache's bound too). */
const MAX_QUERY_LENGTH = 256;

/**
 * The page's query as the switch takes it along: without a `lang` parameter, which means
 * nothing here and is never repeated into the page, and not when it is too long.
 */
function switchedQuery(search: string): string {
  const params = new URLSearchParams(search);
  params.delete("lang");
  const query = params.toString();
  return query && query.length <= MAX_QUERY_LENGTH ? `?${query}` : "";
}

/**
 * The link to this page in the other language (ADR 033). A form, so the choice is kept
 * (the `lang` cookie, and a signed-in person's profile) with or without JavaScript; the
 * page's query goes with it, and with JavaScript so does what its forms hold.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { pathname, search } = useLocation();
  const target = otherLocale(getLocale());
  const next = `${pathname}${switchedQuery(search)}`;
  return (
    <form
      method="post"
      action="/language"
      className={cn("print:hidden", className)}
      onSubmit={(event) => {
        // What the page's forms hold goes with the switch; the code that keeps it is
        // fetched only now, and the switch goes ahead whether or not it arrives.
        event.preventDefault();
        const form = event.currentTarget;
        import("./carried-forms")
          .then((carried) => carried.carryFormsTo(localizedPath(next, target)))
          .catch(() => undefined)
          .finally(() => form.submit());
      }}
    >
      <input type="hidden" name="language" value={target} />
      <input type="hidden" name="next" value={next} />
      <button
        type="submit"
        lang={target}
        className="rounded-md px-2 py-1 text-sm font-medium underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-water-600"
        aria-label={m.switch_language_label({}, { locale: target })}
      >
        {m.switch_language({}, { locale: getLocale() })}
      </button>
    </form>
  );
}
