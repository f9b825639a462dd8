import { languageName } from "~/lib/content-language";
import { otherLocale, type Locale } from "~/lib/i18n/locale";
import { m } from "~/paraglide/messages";

/**
 * Which of the event's texts are not yet in its second language (ADR 034). Visitors of
 * that language see them in the main one, marked; the admin may approve either way, and
 * may ask the partner for the translation.
 */
export function TranslationFlags({ written, untranslated }: { written: Locale; untranslated: string[] }) {
  const other = languageName(otherLocale(written));
  return (
    <section aria-labelledby="translations" className="space-y-2">
      <h2 id="translations" className="text-lg font-semibold text-navy-900">
        {m.review_translations_heading()}
      </h2>
      <p className="text-sm text-slate-600">
        {m.review_translations_written_in({ language: languageName(written) })}
      </p>
      {untranslated.length > 0 ? (
        <div className="rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
          <p className="font-medium">{m.review_translations_missing({ language: other })}</p>
          <ul className="mt-2 list-disc pl-5">
            {untranslated.map((label) => (
              <li key={label}>{label}</li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="rounded-md border border-slate-200 p-4 text-sm text-slate-700">
          {m.review_translations_complete({ language: other })}
        </p>
      )}
    </section>
  );
}
