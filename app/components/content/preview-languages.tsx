import { Link, useSearchParams } from "react-router";
import { PREVIEW_LANGUAGE_PARAM } from "~/lib/content-language";
import { LOCALES, type Locale } from "~/lib/i18n/locale";
import { m } from "~/paraglide/messages";

/**
 * "Preview in: English · Dansk": a partner's or admin's preview shows the page as
 * visitors of either language see it, translations and "Only in …" notes included
 * (ADR 034). Links, so it works before JavaScript and the choice survives a reload.
 */
export function PreviewLanguages({ shown }: { shown: Locale }) {
  const [searchParams] = useSearchParams();
  const hrefFor = (locale: Locale) => {
    const next = new URLSearchParams(searchParams);
    next.set(PREVIEW_LANGUAGE_PARAM, locale);
    return `?${next.toString()}`;
  };
  return (
    <nav aria-labelledby="preview-languages" className="flex flex-wrap items-center gap-2 text-sm">
      <span id="preview-languages" className="text-slate-700">
        {m.preview_languages_label()}
      </span>
      {LOCALES.map((locale) => (
        <Link
          key={locale}
          to={hrefFor(locale)}
          replace
          preventScrollReset
          aria-current={locale === shown ? "true" : undefined}
          lang={locale}
          className="rounded-md border border-slate-300 px-2 py-1 text-slate-800 hover:bg-slate-50 aria-[current=true]:border-navy-900 aria-[current=true]:bg-navy-900 aria-[current=true]:text-white"
        >
          {locale === "da" ? m.language_name_da() : m.language_name_en()}
        </Link>
      ))}
    </nav>
  );
}
