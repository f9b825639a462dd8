import type { MetaDescriptor } from "react-router";
import { hasLanguageInPath, LOCALES, localizedPath, OG_LOCALE, otherLocale } from "~/lib/i18n/locale";
import { m } from "~/paraglide/messages";
import { getLocale } from "~/paraglide/runtime";

export const SITE_NAME = "Rethink Corporate Life";

/** "Events | Rethink Corporate Life", or the site name alone. */
export function pageTitle(pageName?: string): string {
  return pageName ? `${pageName} | ${SITE_NAME}` : SITE_NAME;
}

/** An ImageRef: its `previewSrc`, when it has one, is a 1200×630 JPEG made for link previews. */
type MetaImage = { src: string; alt: string; width: number; height: number; previewSrc?: string };

/**
 * What a link preview shows: the image's preview JPEG (an upload's, or a sample picture's),
 * or else the image itself.
 */
function previewOf(image: MetaImage) {
  return image.previewSrc
    ? { src: image.previewSrc, width: 1200, height: 630, type: "image/jpeg" }
    : { src: image.src, width: image.width, height: image.height };
}

/** A text, or the message that gives it in the page's language when the page renders. */
type Text = string | (() => string);
const textOf = (text: Text | undefined) => (typeof text === "function" ? text() : text);

export type PageMetaInput = {
  /** The page's own name; omitted on the home page. */
  title?: Text;
  description?: Text;
  /**
   * The page's path in English, for its canonical URL (query strings are left out); a
   * public page's is given in the page's language, with the other language as an alternate.
   */
  path: string;
  /** Adds OpenGraph and Twitter card tags with an absolute image URL. */
  image?: MetaImage | null;
  type?: "website" | "article" | "profile";
  /** Structured data (schema.org) for the page. */
  jsonLd?: Record<string, unknown>;
  /** Personal and private pages stay out of search engines. */
  noindex?: boolean;
};

/** The public origin the root loader received from the server (BASE_URL). */
export function baseUrlFromMatches(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>) {
  const root = matches.find((match) => match?.id === "root")?.loaderData as { baseUrl?: string } | undefined;
  return root?.baseUrl ?? "";
}

/** Title, description, canonical URL, languages and, for shareable pages, link-preview tags. */
export function pageMeta(baseUrl: string, input: PageMetaInput): MetaDescriptor[] {
  const name = textOf(input.title);
  const title = pageTitle(name);
  const description = textOf(input.description) ?? m.site_description();
  const locale = getLocale();
  const url = `${baseUrl}${localizedPath(input.path, locale)}`;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:title", content: name ?? SITE_NAME },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:locale", content: OG_LOCALE[locale] },
    { name: "twitter:card", content: input.image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: name ?? SITE_NAME },
    { name: "twitter:description", content: description },
  ];
  // A public page exists in both languages (ADR 033); English is the default for others.
  if (hasLanguageInPath(input.path)) {
    tags.push({ property: "og:locale:alternate", content: OG_LOCALE[otherLocale(locale)] });
    for (const language of LOCALES) {
      const href = `${baseUrl}${localizedPath(input.path, language)}`;
      tags.push({ tagName: "link", rel: "alternate", hrefLang: language, href });
    }
    tags.push({
      tagName: "link",
      rel: "alternate",
      hrefLang: "x-default",
      href: `${baseUrl}${localizedPath(input.path, "en")}`,
    });
  }
  if (input.image) {
    const preview = previewOf(input.image);
    const imageUrl = `${baseUrl}${preview.src}`;
    tags.push(
      { property: "og:image", content: imageUrl },
      { property: "og:image:alt", content: input.image.alt },
      { property: "og:image:width", content: String(preview.width) },
      { property: "og:image:height", content: String(preview.height) },
      ...(preview.type ? [{ property: "og:image:type", content: preview.type }] : []),
      { name: "twitter:image", content: imageUrl },
      { name: "twitter:image:alt", content: input.image.alt },
    );
  }
  if (input.jsonLd) tags.push({ "script:ld+json": input.jsonLd });
  if (input.noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}

/** The `meta` of a page whose title and description do not depend on its data. */
export function staticPageMeta(input: PageMetaInput) {
  return ({ matches }: { matches: Parameters<typeof baseUrlFromMatches>[0] }) =>
    pageMeta(baseUrlFromMatches(matches), input);
}

/** A page of the signed-in workspace (the dashboards), never indexed: one rule for all of them. */
export function workspacePageMeta(title: Text, path: string) {
  return staticPageMeta({ title, path, noindex: true });
}
