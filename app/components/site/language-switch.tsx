import { useLocation } from "react-router";
import { cn } from "~/lib/utils";
import { localizedPath, otherLocale } from "~/lib/i18n/locale";
import { m } from "~/paraglide/messages";
import { getLocale } from "~/paraglide/runtime";
import { carryFormsTo } from "./carried-forms";

/**
 * The link to this page in the other language (ADR 033). A form, so the choice is kept
 * (the `lang` cookie, and a signed-in person's profile) with or without JavaScript; the
 * page's query goes with it, and with JavaScript so does what its forms hold.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { pathname, search } = useLocation();
  const target = otherLocale(getLocale());
  const next = `${pathname}${search}`;
  return (
    <form
      method="post"
      action="/language"
      className={cn("print:hidden", className)}
      onSubmit={() => carryFormsTo(localizedPath(next, target))}
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
