import { href } from "react-router";
import { listUpcomingEvents } from "#server/events/queries";
import { listApprovedPartners } from "#server/partners/queries";
import { EventGrid } from "~/components/events/event-grid";
import { HERO_IMAGE, HomeHero } from "~/components/home/home-hero";
import { PARTNER_TILES } from "~/components/home/partner-strip";
import { PageSection } from "~/components/content/page-section";
import { SignUpOrContact } from "~/components/content/sign-up-or-contact";
import { deferredComponent } from "~/lib/deferred-component";
import { localizedPath } from "~/lib/i18n/locale";
import { baseUrlFromMatches, pageMeta } from "~/lib/meta";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/home";

/** The sections below the hero hydrate after the page's first load (ADR 027). */
const whyChoose = deferredComponent(() =>
  import("~/components/home/why-choose").then((module) => module.WhyChoose),
);
const networkingTeaser = deferredComponent(() =>
  import("~/components/home/networking-teaser").then((module) => module.NetworkingTeaser),
);
const partnerStrip = deferredComponent(() =>
  import("~/components/home/partner-strip").then((module) => module.PartnerStrip),
);

export async function loader({ context }: Route.LoaderArgs) {
  const [events, networking, partners] = await Promise.all([
    listUpcomingEvents(context.db, { limit: 3, networking: false }),
    listUpcomingEvents(context.db, { limit: 1, networking: true }),
    listApprovedPartners(context.db, { limit: PARTNER_TILES }),
    whyChoose.ready(),
    networkingTeaser.ready(),
    partnerStrip.ready(),
  ]);
  return { events, nextNetworkingEvent: networking[0] ?? null, partners };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(baseUrlFromMatches(matches), {
    description: m.home_meta_description(),
    path: "/",
    image: { ...HERO_IMAGE, alt: m.home_hero_image_alt() },
  });

export default function Home({ loaderData }: Route.ComponentProps) {
  const { events, nextNetworkingEvent, partners } = loaderData;
  return (
    <main id="main">
      <HomeHero />
      <whyChoose.Component />
      <networkingTeaser.Component event={nextNetworkingEvent} />

      <PageSection
        id="upcoming-title"
        title={m.home_upcoming_title()}
        action={{ to: localizedPath(href("/events")), label: m.home_view_all_events() }}
      >
        <EventGrid events={events} emptyText={m.home_upcoming_empty()} />
      </PageSection>

      <partnerStrip.Component partners={partners} />

      <PageSection
        id="cta-title"
        title={m.home_cta_title()}
        lead={m.home_cta_lead()}
        leadClassName="mt-3 max-w-2xl text-lg text-slate-600"
        width="4xl"
        centered
        className="px-4 py-20 sm:px-6"
      >
        <SignUpOrContact />
      </PageSection>
    </main>
  );
}
