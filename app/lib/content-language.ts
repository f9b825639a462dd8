/**
 * What partners write, in the page's language (ADR 034). A partner writes each text in
 * its main language and may translate it: the row holds the main text in `field` and the
 * other language's in `fieldTranslation`. A page shows the text in its own language where
 * there is one, and the other language's where there is not, saying which language that
 * is, so the page can mark the block ("Only in Danish") and give it its `lang`.
 */
import { m } from "~/paraglide/messages";
import { getLocale } from "~/paraglide/runtime";
import type { ScheduleItem } from "#server/db/schema";
import { isLocale, otherLocale, type Locale } from "~/lib/i18n/locale";

/** A row of partner content: its texts are written in `language`. */
type Written = { language: Locale };

/** The fields of a row that have a `…Translation` sibling. */
type TranslatedKeys<Row> = {
  [K in keyof Row & string]: `${K}Translation` extends keyof Row ? K : never;
}[keyof Row & string];

type TranslationKeys<Row> = `${TranslatedKeys<Row>}Translation`;

/** The row as a page shows it: each translated field in the page's language, without the siblings. */
export type Localized<Row> = Omit<Row, TranslationKeys<Row> | "language"> & {
  /** The fields shown in the other language, because theirs is not written yet. */
  shownIn: Partial<Record<TranslatedKeys<Row> | "schedule" | "faqs" | "testimonials", Locale>>;
};

/** Whether a text, or every text of a list, is empty. */
export const isBlank = (value: unknown): boolean =>
  value === undefined ||
  value === null ||
  (typeof value === "string" && value.trim() === "") ||
  (Array.isArray(value) && value.every(isBlank));

/**
 * A text in the page's language, or the other one's where the page's is blank; with the
 * language of what is shown.
 */
export function pickText<T>(page: Locale, main: Locale, text: T, translation: T): { value: T; lang: Locale } {
  const own = page === main ? text : translation;
  const other = page === main ? translation : text;
  if (!isBlank(own) || isBlank(other)) return { value: own, lang: page };
  return { value: other, lang: otherLocale(page) };
}

/**
 * A list whose rows carry their translation: in the page's language when every row has
 * it, or else all in the main language, so a list never mixes two languages.
 */
export function pickRows<Row, Shown>(
  page: Locale,
  main: Locale,
  rows: readonly Row[],
  {
    mainOf,
    translationOf,
  }: { mainOf: (row: Row) => Shown; translationOf: (row: Row, index: number) => Shown | null },
): { value: Shown[]; lang: Locale } {
  if (page === main) return { value: rows.map(mainOf), lang: main };
  const translated = rows.map(translationOf);
  if (translated.every((row): row is Shown => row !== null)) return { value: translated, lang: page };
  return { value: rows.map(mainOf), lang: main };
}

/** An event's schedule in the page's language: translated only when every row is. */
export function scheduleIn(
  page: Locale,
  event: { language: Locale; schedule: readonly ScheduleItem[] },
): { value: { time: string; activity: string }[]; lang: Locale } {
  return pickRows(page, event.language, event.schedule, {
    mainOf: ({ time, activity }) => ({ time, activity }),
    translationOf: ({ time, activityTranslation }) =>
      activityTranslation ? { time, activity: activityTranslation } : null,
  });
}

/** Each string field with a `…Translation` sibling, in the page's language. */
export function localizeTexts<Row extends Written>(row: Row, page: Locale = getLocale()): Localized<Row> {
  const shown: Record<string, unknown> = {};
  const shownIn: Record<string, Locale> = {};
  for (const [key, value] of Object.entries(row)) {
    if (key === "language") continue;
    if (key.endsWith("Translation") && key.slice(0, -"Translation".length) in row) continue;
    const translationKey = `${key}Translation`;
    // Text columns only: a list and its translations (facilities) is picked whole, by `pickRows`.
    if (!(translationKey in row) || typeof value !== "string") {
      shown[key] = value;
      continue;
    }
    const picked = pickText(page, row.language, value, (row as Record<string, unknown>)[translationKey]);
    shown[key] = picked.value;
    if (picked.lang !== page) shownIn[key] = picked.lang;
  }
  return { ...shown, shownIn } as Localized<Row>;
}

/**
 * The row with each translated text in `locale` where it is written, the main language's
 * where not: for mails and files, which carry no language marks. Keeps the row's shape.
 */
export function textsIn<Row extends Written>(row: Row, locale: Locale): Row {
  const shown = localizeTexts(row, locale) as Record<string, unknown>;
  const copy: Record<string, unknown> = { ...row };
  for (const key of Object.keys(row)) {
    if (`${key}Translation` in row) copy[key] = shown[key];
  }
  return copy as Row;
}

/** An image's alt text in the page's language (the other one's when not translated). */
export function localizeImage<Image extends { alt: string; altTranslation?: string }>(
  image: Image,
  main: Locale,
  page: Locale = getLocale(),
): Omit<Image, "altTranslation"> & { altLang?: Locale } {
  const { altTranslation, ...rest } = image;
  const picked = pickText(page, main, image.alt, altTranslation ?? "");
  return picked.lang === page
    ? { ...rest, alt: picked.value }
    : { ...rest, alt: picked.value, altLang: picked.lang };
}

/** How complete a translation is: of the texts written in the main language, how many it has. */
export function translationProgress(pairs: readonly { main: unknown; translation: unknown }[]): {
  written: number;
  translated: number;
} {
  const written = pairs.filter(({ main }) => !isBlank(main));
  return {
    written: written.length,
    translated: written.filter(({ translation }) => !isBlank(translation)).length,
  };
}

/** A language's name in the page's language, as it reads inside a sentence ("Danish", "dansk"). */
export function languageName(locale: Locale): string {
  return locale === "da" ? m.content_language_da() : m.content_language_en();
}

/** A text as a page shows it; `lang` only when it is in the other language than the page's. */
export type PageText = { text: string; lang?: Locale };

/** The site's standard cancellation terms in both languages (site settings). */
export type SiteTerms = { en: string; da: string };

/**
 * The terms an event's bookings are made under, in the page's language: the event's own
 * (blank counts as none), or else the site's standard terms.
 */
export function cancellationTermsShown(
  event: { language: Locale; cancellationTerms: string | null; cancellationTermsTranslation: string },
  siteTerms: SiteTerms,
  page: Locale = getLocale(),
): PageText {
  if (event.cancellationTerms && event.cancellationTerms.trim() !== "") {
    const picked = pickText(
      page,
      event.language,
      event.cancellationTerms,
      event.cancellationTermsTranslation,
    );
    return picked.lang === page ? { text: picked.value } : { text: picked.value, lang: picked.lang };
  }
  return siteTerms[page].trim() !== "" ? { text: siteTerms[page] } : { text: siteTerms.en, lang: "en" };
}

/** The query parameter a preview reads the language of the partner's texts from. */
export const PREVIEW_LANGUAGE_PARAM = "language";

/** The language a preview shows partner content in: `?language=`, or the page's own. */
export function previewLanguage(url: URL, page: Locale = getLocale()): Locale {
  const asked = url.searchParams.get(PREVIEW_LANGUAGE_PARAM);
  return isLocale(asked) ? asked : page;
}
