import { data, href, type ShouldRevalidateFunctionArgs } from "react-router";
import { getApprovedPartnerBySlug, getUpcomingPartnerEvents } from "#server/partners/queries";
import { PartnerContactCard } from "~/components/partners/partner-contact-card";
import { PartnerErrorPage } from "~/components/partners/partner-error";
import type { PartnerProfileData } from "~/components/partners/partner-profile";
import { partnerProfileData } from "#server/partners/profile-page-view";
import { PartnerCover, PartnerProfileHeader } from "~/components/partners/partner-profile-header";
import { onlyTabChanged } from "~/lib/only-tab-changed";
import { deferredComponent } from "~/lib/deferred-component";
import { baseUrlFromMatches, pageMeta, pageTitle } from "~/lib/meta";
import { isSlug } from "~/lib/slug";
import { publicPartnerPath } from "~/lib/public-paths";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/partners.$slug";

/** The profile's tabs, below its header, hydrate after the page's first load (ADR 027). */
const profileTabs = deferredComponent(() =>
  import("~/components/partners/partner-profile-tabs").then((module) => module.PartnerProfileTabs),
);

export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return onlyTabChanged(args) ? false : args.defaultShouldRevalidate;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  if (!isSlug(params.slug)) throw data(null, { status: 404 });
  const partner = await getApprovedPartnerBySlug(context.db, params.slug);
  if (!partner) throw data(null, { status: 404 });
  const [upcomingEvents] = await Promise.all([
    getUpcomingPartnerEvents(context.db, partner.id),
    profileTabs.ready(),
  ]);
  const profile = partnerProfileData(partner);
  return { partner: profile, upcomingEvents };
}

/** Image paths are stored site-relative; structured data needs absolute URLs. */
function absoluteUrl(baseUrl: string, src: string) {
  return /^https?:\/\//i.test(src) ? src : `${baseUrl}${src}`;
}

/** `path` is the page's address in the page's language. */
function organizationJsonLd(baseUrl: string, path: string, partner: PartnerProfileData) {
  const sameAs = [partner.facebookUrl, partner.instagramUrl, partner.linkedinUrl].filter(
    (url): url is string => Boolean(url),
  );
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: partner.name,
    url: `${baseUrl}${path}`,
    description: partner.description,
    ...(partner.logo && { logo: absoluteUrl(baseUrl, partner.logo.src) }),
    ...(partner.address && { address: partner.address }),
    ...(partner.email && { email: partner.email }),
    ...(partner.phone && { telephone: partner.phone }),
    ...(partner.foundedYear && { foundingDate: String(partner.foundedYear) }),
    ...(sameAs.length > 0 && { sameAs }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [{ title: pageTitle(m.partner_page_not_found_title()) }];
  const { partner } = loaderData;
  const baseUrl = baseUrlFromMatches(matches);
  const path = href("/partners/:slug", { slug: partner.slug });
  return pageMeta(baseUrl, {
    title: partner.name,
    description: partner.description,
    path,
    image: partner.cover ?? partner.logo,
    type: "profile",
    jsonLd: organizationJsonLd(baseUrl, publicPartnerPath(partner.slug), partner),
  });
};

export default function PartnerProfile({ loaderData }: Route.ComponentProps) {
  const { partner, upcomingEvents } = loaderData;
  return (
    <main id="main" className="pb-16">
      <PartnerCover cover={partner.cover} />
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <PartnerProfileHeader partner={partner} />
        <div className="mt-8 grid gap-8 lg:grid-cols-3">
          <div className="min-w-0 lg:col-span-2">
            <profileTabs.Component partner={partner} events={upcomingEvents} />
          </div>
          <PartnerContactCard partner={partner} />
        </div>
      </div>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PartnerErrorPage error={error} />;
}
