import { Building2 } from "~/components/icons/building-complex";
import { Laptop } from "~/components/icons/laptop";
import { Star } from "~/components/icons/star";
import { Users } from "~/components/icons/users";
import { href, Link } from "react-router";
import { listUpcomingEvents } from "#server/events/queries";
import { EventTimePlace } from "~/components/events/event-time-place";
import { FeatureGrid, type Feature } from "~/components/content/feature-grid";
import { PageHero } from "~/components/content/page-hero";
import { PageSection } from "~/components/content/page-section";
import { Button } from "~/components/ui/button";
import { localizedPath } from "~/lib/i18n/locale";
import { staticPageMeta } from "~/lib/meta";
import { publicEventPath } from "~/lib/public-paths";
import { OnlyIn } from "~/components/content/only-in";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/networking";

/**
 * How many upcoming networking events the page lists: room for the specification's
 * brunch and workshop besides the mixer that opens the sample season.
 */
const UPCOMING_LIMIT = 3;

export async function loader({ context }: Route.LoaderArgs) {
  return { events: await listUpcomingEvents(context.db, { limit: UPCOMING_LIMIT, networking: true }) };
}

export const meta: Route.MetaFunction = staticPageMeta({
  title: m.networking_meta_title,
  description: m.networking_meta_description,
  path: "/networking",
});

/** What the network offers, in the page's language (built when the page renders). */
const benefits = (): Feature[] => [
  {
    title: m.networking_benefit_connections_title(),
    body: m.networking_benefit_connections_body(),
    Icon: Users,
  },
  { title: m.networking_benefit_exclusive_title(), body: m.networking_benefit_exclusive_body(), Icon: Star },
  {
    title: m.networking_benefit_partners_title(),
    body: m.networking_benefit_partners_body(),
    Icon: Building2,
  },
  { title: m.networking_benefit_digital_title(), body: m.networking_benefit_digital_body(), Icon: Laptop },
];

export default function Networking({ loaderData }: Route.ComponentProps) {
  const { events } = loaderData;
  return (
    <main id="main">
      <PageHero title={m.networking_title()} lead={m.networking_lead()} size="sm" />

      <PageSection id="benefits-title" title={m.networking_benefits_title()} headingSize="md">
        <FeatureGrid features={benefits()} className="mt-8" />
      </PageSection>

      <PageSection
        id="upcoming-title"
        title={m.networking_upcoming_title()}
        headingSize="md"
        action={{ to: localizedPath(href("/events")), label: m.networking_view_all() }}
        muted
      >
        {events.length === 0 ? (
          <p className="mt-6 text-slate-600">{m.networking_empty()}</p>
        ) : (
          <ul className="mt-6 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {events.map((event) => (
              <li key={event.id} className="rounded-lg border border-slate-200 bg-white p-6">
                <h3 lang={event.shownIn.title} className="text-lg font-semibold text-navy-900">
                  <Link to={publicEventPath(event.slug)} className="hover:underline">
                    {event.title}
                  </Link>
                </h3>
                <OnlyIn lang={event.shownIn.title ?? event.shownIn.description} />
                <EventTimePlace
                  startsAt={event.startsAt}
                  endsAt={event.endsAt}
                  location={event.location}
                  locationLang={event.shownIn.location}
                />
                <p lang={event.shownIn.description} className="mt-3 text-sm text-slate-700">
                  {event.description}
                </p>
              </li>
            ))}
          </ul>
        )}
      </PageSection>

      <PageSection
        id="join-title"
        title={m.networking_join_title()}
        headingSize="md"
        lead={m.networking_join_lead()}
        leadClassName="mt-2 text-slate-600"
        width="3xl"
        centered
      >
        <Button asChild size="lg" className="mt-6">
          <Link to={localizedPath(href("/signup"))}>{m.site_sign_up_now()}</Link>
        </Button>
      </PageSection>
    </main>
  );
}
