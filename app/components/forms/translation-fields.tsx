import { createContext, useContext, type ReactNode } from "react";
import type { FieldMetadata } from "@conform-to/react";
import { RichTextEditor } from "~/components/rich-text/rich-text-editor";
import { SelectField, TextAreaField, TextField, type FormFieldMeta } from "~/components/ui/form-field";
import { isBlank, languageName, translationProgress } from "~/lib/content-language";
import { isLocale, LOCALES, otherLocale, type Locale } from "~/lib/i18n/locale";
import { m } from "~/paraglide/messages";

/**
 * The partner's editors in two languages (ADR 034): each text is written in the main
 * language, with its translation beside it, labelled with its language and marked with
 * `lang`, so spelling checks and screen readers read each in its own.
 */

export type WrittenLanguages = { main: Locale; other: Locale };

const Languages = createContext<WrittenLanguages | null>(null);

/** Gives the fields inside (images' alt texts among them) the languages the form is written in. */
export function WrittenLanguagesProvider({
  languages,
  children,
}: {
  languages: WrittenLanguages;
  children: ReactNode;
}) {
  return <Languages.Provider value={languages}>{children}</Languages.Provider>;
}

/** The languages of the form around, or null outside a two-language editor. */
export function useWrittenLanguages(): WrittenLanguages | null {
  return useContext(Languages);
}

/** The languages as the form's "Written in" field holds them now, as the partner changes it. */
export function writtenLanguages(
  field: Pick<FieldMetadata<string>, "value" | "initialValue">,
): WrittenLanguages {
  const chosen = [field.value, field.initialValue].find(isLocale) ?? "en";
  return { main: chosen, other: otherLocale(chosen) };
}

/** "Title (Danish)": a field's label with the language of its text. */
export const labelIn = (label: string, language: Locale) =>
  m.field_in_language({ field: label, language: languageName(language) });

/** The main language: which one the texts on the left are written in. */
export function WrittenInField({ field, hint }: { field: FormFieldMeta; hint: string }) {
  return (
    <SelectField
      field={field}
      label={m.editor_written_in()}
      hint={hint}
      // Each language named in itself, as the language switch names them.
      options={LOCALES.map((locale) => ({
        value: locale,
        label: locale === "da" ? m.language_name_da() : m.language_name_en(),
      }))}
      required
    />
  );
}

type PairProps = {
  main: FormFieldMeta;
  translation: FormFieldMeta;
  /** The field's label, or its label in a language when the language goes inside it ("Activity (row 1, Danish)"). */
  label: string | ((language: Locale) => string);
  hint?: string;
  /** Whether the main language's text is required (a translation never is). */
  required?: boolean;
  /** Whether the main language's text is marked optional; it is unless required. */
  optional?: boolean;
  /** A text area of this many rows instead of a line. */
  rows?: number;
};

/** A text in the main language and its translation, side by side on a wide screen. */
export function TextPair({
  main,
  translation,
  label,
  hint,
  required = false,
  optional = !required,
  rows,
}: PairProps) {
  const languages = useWrittenLanguages() ?? { main: "en", other: "da" };
  const Field = rows ? TextAreaField : TextField;
  const labelFor = (language: Locale) =>
    typeof label === "string" ? labelIn(label, language) : label(language);
  return (
    <div className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
      <Field
        field={main}
        label={labelFor(languages.main)}
        hint={hint}
        lang={languages.main}
        rows={rows}
        required={required}
        optional={optional}
      />
      <Field
        field={translation}
        label={labelFor(languages.other)}
        lang={languages.other}
        rows={rows}
        optional
      />
    </div>
  );
}

/** A rich text and its translation, one under the other: each editor needs the width. */
export function RichTextPair({
  main,
  translation,
  label,
  hint,
  formId,
}: Omit<PairProps, "required" | "optional" | "rows" | "label"> & { label: string; formId: string }) {
  const languages = useWrittenLanguages() ?? { main: "en", other: "da" };
  return (
    <div className="space-y-4 sm:col-span-2">
      <RichTextEditor
        key={`${formId}-${main.key ?? ""}`}
        field={main}
        label={labelIn(label, languages.main)}
        hint={hint}
        lang={languages.main}
      />
      <RichTextEditor
        key={`${formId}-${translation.key ?? ""}`}
        field={translation}
        label={labelIn(label, languages.other)}
        lang={languages.other}
        optional
      />
    </div>
  );
}

export type TranslatedText = { label: string; main: unknown; translation: unknown };

type Row = Record<string, unknown>;

/**
 * A list's texts as the status counts them (schedule rows, FAQs, facilities): written
 * when a row has its main text, and translated only when every such row has its
 * translation (`<key>Translation`) too.
 */
export function rowTexts(rows: unknown, keys: readonly string[]): Omit<TranslatedText, "label"> {
  const list: (Row | undefined)[] = Array.isArray(rows) ? rows : [];
  const text = (row: Row | undefined, key: string) => (typeof row?.[key] === "string" ? row[key] : "");
  const main = list.flatMap((row) => keys.map((key) => text(row, key)));
  const translation = list.flatMap((row) =>
    keys.map((key) => (text(row, key) ? text(row, `${key}Translation`) : "")),
  );
  const complete = main.every((value, index) => value === "" || translation[index] !== "");
  return { main, translation: complete ? translation : [] };
}

/**
 * How complete each language is: the texts written in the main language, and how many of
 * them are translated, naming those that are not. It follows what is typed.
 */
export function TranslationStatus({ texts, id }: { texts: readonly TranslatedText[]; id: string }) {
  const languages = useWrittenLanguages() ?? { main: "en", other: "da" };
  const { written, translated } = translationProgress(texts);
  const missing = texts.filter(({ main, translation }) => !isBlank(main) && isBlank(translation));
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm"
    >
      <h2 id={`${id}-heading`} className="font-semibold text-navy-900">
        {m.editor_languages_heading()}
      </h2>
      <p className="text-slate-700">
        {m.editor_languages_main({ language: languageName(languages.main), count: written })}
      </p>
      <div>
        <label htmlFor={`${id}-progress`} className="text-slate-700">
          {m.editor_languages_translated({
            language: languageName(languages.other),
            translated,
            written,
          })}
        </label>
        <progress
          id={`${id}-progress`}
          value={translated}
          max={Math.max(written, 1)}
          className="mt-1 block h-2 w-full max-w-sm accent-water-600"
        />
      </div>
      {missing.length > 0 ? (
        <p className="text-slate-600">
          {m.editor_languages_missing({ fields: missing.map(({ label }) => label).join(", ") })}
        </p>
      ) : (
        written > 0 && <p className="text-slate-600">{m.editor_languages_complete()}</p>
      )}
    </section>
  );
}
