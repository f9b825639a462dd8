import type { Locale } from "~/lib/i18n/locale";
import { cn } from "~/lib/utils";
import { m } from "~/paraglide/messages";

// Its own words, not ~/lib/content-language's: public pages load this, and nothing else of that.
const onlyIn = (locale: Locale) => (locale === "da" ? m.only_in_language_da() : m.only_in_language_en());

/**
 * Says that the partner's text beside it is shown in the other language than the page's,
 * because it is not translated ("Kun på engelsk"). The note is in the page's language; the
 * text itself carries its own `lang` (ADR 034). Nothing when the text is in the page's.
 */
export function OnlyIn({
  lang,
  inline = false,
  className,
}: {
  lang: Locale | undefined;
  /** Inside a line of text, after it, rather than a line of its own. */
  inline?: boolean;
  className?: string;
}) {
  if (!lang) return null;
  const Element = inline ? "span" : "p";
  return (
    <Element
      className={cn(
        "text-xs font-medium text-slate-600",
        inline ? "ml-2 whitespace-nowrap" : "mt-1 block",
        className,
      )}
    >
      {inline ? `(${onlyIn(lang)})` : onlyIn(lang)}
    </Element>
  );
}
