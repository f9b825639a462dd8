import type { MetaDescriptor } from "react-router";

export const SITE_NAME = "Rethink Corporate Life";
export const DEFAULT_DESCRIPTION =
  "Corporate rowing events, team building and strategic networking throughout Denmark.";

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

export type PageMetaInput = {
  /** The page's own name; omitted on the home page. */
  title?: string;
  description?: string;
  /** The page's path, for its canonical URL (query strings are left out). */
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

/** Title, description, canonical URL and, for shareable pages, link-preview tags. */
export function pageMeta(baseUrl: string, input: PageMetaInput): MetaDescriptor[] {
  const title = pageTitle(input.title);
  const description = input.description ?? DEFAULT_DESCRIPTION;
  const url = `${baseUrl}${input.path}`;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:title", content: input.title ?? SITE_NAME },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:type", content: input.type ?? "website" },
    { name: "twitter:card", content: input.image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: input.title ?? SITE_NAME },
    { name: "twitter:description", content: description },
  ];
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
export function workspacePageMeta(title: string, path: string) {
  return staticPageMeta({ title, path, noindex: true });
}
