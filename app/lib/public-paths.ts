/**
 * The public pages' addresses, in the page's language (ADR 033), apart from the
 * dashboards' (`~/lib/paths`): public pages load this module on their first visit, and
 * every dashboard address there would weigh on each of them (ADR 027).
 */
import { href } from "react-router";
import { localizedPath, type Locale } from "~/lib/i18n/locale";
import type { EventRow } from "#server/db/rows";

/** An event's public page in the page's language (ADR 033), or in `locale`. */
export const publicEventPath = (slug: string, locale?: Locale) =>
  localizedPath(href("/events/:slug", { slug }), locale);

/** A partner's public page in the page's language, or in `locale`. */
export const publicPartnerPath = (slug: string, locale?: Locale) =>
  localizedPath(href("/partners/:slug", { slug }), locale);

/** Only published events have a public page to link to. */
export function publicEventHref(slug: string, status: EventRow["status"]): string | null {
  return status === "published" ? publicEventPath(slug) : null;
}
