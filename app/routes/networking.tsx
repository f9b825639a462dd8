import { Building2, Laptop, Star, Users } from "~/components/icons";
import { href, Link } from "react-router";
import { listUpcomingEvents } from "#server/events/queries";
import { EventTimePlace } from "~/components/events/event-time-place";
import { FeatureGrid, type Feature } from "~/components/content/feature-grid";
import { PageHero } from "~/components/content/page-hero";
import { PageSection } from "~/components/content/page-section";
import { Button } from "~/components/ui/button";
import { staticPageMeta } from "~/lib/meta";
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
  title: "Networking",
  description:
    "Meet leaders and professionals from companies across Denmark at RCL's networking brunches, mixers and workshops.",
  path: "/networking",
});

const benefits: Feature[] = [
  {
    title: "Professional Connections",
    body: "Meet HR leaders, managers and specialists from companies that invest in their people.",
    Icon: Users,
  },
  {
    title: "Exclusive Events",
    body: "Brunches, harbour mixers and workshops open only to the RCL community.",
    Icon: Star,
  },
  {
    title: "Partner Organizations",
    body: "Get to know the rowing clubs and venues behind our events, and the people who run them.",
    Icon: Building2,
  },
  {
    title: "Digital Networking",
    body: "Join virtual workshops and keep the conversation going between events.",
    Icon: Laptop,
  },
];

export default function Networking({ loaderData }: Route.ComponentProps) {
  const { events } = loaderData;
  return (
    <main id="main">
      <PageHero
        title="Strategic Networking"
        lead="Real relationships grow where people share an experience. Our networking events bring professionals together around the water, the table and the screen."
        size="sm"
      />

      <PageSection id="benefits-title" title="Why join our network" headingSize="md">
        <FeatureGrid features={benefits} className="mt-8" />
      </PageSection>

      <PageSection
        id="upcoming-title"
        title="Upcoming networking events"
        headingSize="md"
        action={{ to: href("/events"), label: "View All Events" }}
        muted
      >
        {events.length === 0 ? (
          <p className="mt-6 text-slate-600">New networking events are announced soon.</p>
        ) : (
          <ul className="mt-6 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {events.map((event) => (
              <li key={event.id} className="rounded-lg border border-slate-200 bg-white p-6">
                <h3 className="text-lg font-semibold text-navy-900">
                  <Link to={href("/events/:slug", { slug: event.slug })} className="hover:underline">
                    {event.title}
                  </Link>
                </h3>
                <EventTimePlace startsAt={event.startsAt} endsAt={event.endsAt} location={event.location} />
                <p className="mt-3 text-sm text-slate-700">{event.description}</p>
              </li>
            ))}
          </ul>
        )}
      </PageSection>

      <PageSection
        id="join-title"
        title="Ready to grow your network?"
        headingSize="md"
        lead="Create a free account to register for networking events."
        leadClassName="mt-2 text-slate-600"
        width="3xl"
        centered
      >
        <Button asChild size="lg" className="mt-6">
          <Link to={href("/signup")}>Sign Up Now</Link>
        </Button>
      </PageSection>
    </main>
  );
}
