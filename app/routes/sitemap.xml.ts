import { listPublishedEventSlugs } from "#server/events/queries";
import { listApprovedPartnerSlugs } from "#server/partners/queries";
import { renderSitemap, STATIC_PUBLIC_PATHS } from "#server/seo/sitemap";
import type { Route } from "./+types/sitemap.xml";

/** GET /sitemap.xml: every public page, published event and approved partner. */
export async function loader({ context }: Route.LoaderArgs) {
  const [events, partners] = await Promise.all([
    listPublishedEventSlugs(context.db),
    listApprovedPartnerSlugs(context.db),
  ]);
  const body = renderSitemap(context.baseUrl, [
    ...STATIC_PUBLIC_PATHS.map((path) => ({ path })),
    ...events.map((event) => ({ path: `/events/${event.slug}`, lastModified: event.updatedAt })),
    ...partners.map((partner) => ({ path: `/partners/${partner.slug}`, lastModified: partner.updatedAt })),
  ]);
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
