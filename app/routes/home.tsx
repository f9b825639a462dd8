import { Link } from "react-router";
import { listUpcomingEvents } from "#server/events/queries";
import { listApprovedPartners } from "#server/partners/queries";
import { EventCard } from "~/components/events/event-card";
import { NetworkingTeaser } from "~/components/home/networking-teaser";
import { WhyChoose } from "~/components/home/why-choose";
import { Hero } from "~/components/site/hero";
import { Button } from "~/components/ui/button";
import { baseUrlFromMatches, pageMeta } from "~/lib/meta";
import type { Route } from "./+types/home";

export async function loader({ context }: Route.LoaderArgs) {
  const [events, networking, partners] = await Promise.all([
    listUpcomingEvents(context.db, { limit: 3, networking: false }),
    listUpcomingEvents(context.db, { limit: 1, networking: true }),
    listApprovedPartners(context.db),
  ]);
  return { events, nextNetworkingEvent: networking[0] ?? null, partners };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(baseUrlFromMatches(matches), {
    description:
      "Corporate rowing events, team building and strategic networking throughout Denmark. Discover events or join as a partner.",
    path: "/",
    image: {
      src: "/images/hero.svg",
      alt: "A rowing eight on calm water at sunrise",
      width: 1600,
      height: 900,
    },
  });

export default function Home({ loaderData }: Route.ComponentProps) {
  const { events, nextNetworkingEvent, partners } = loaderData;
  return (
    <main id="main">
      <Hero />
      <WhyChoose />
      <NetworkingTeaser event={nextNetworkingEvent} />

      <section aria-labelledby="upcoming-title" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h2 id="upcoming-title" className="text-3xl font-bold text-navy-900">
            Upcoming Events
          </h2>
          <Link to="/events" className="text-water-600 hover:underline">
            View all events
          </Link>
        </div>
        {events.length === 0 ? (
          <p className="mt-6 text-slate-600">New events are announced soon.</p>
        ) : (
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {events.map((event) => (
              <li key={event.id} className="flex">
                <EventCard {...event} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="partners-title" className="bg-navy-50">
        <div className="mx-auto max-w-7xl px-4 py-16 text-center sm:px-6">
          <h2 id="partners-title" className="text-3xl font-bold text-navy-900">
            Our Partners
          </h2>
          <p className="mx-auto mt-2 max-w-2xl text-slate-600">
            Rowing clubs, venues and organisers who run our events.
          </p>
          <ul className="mt-8 flex flex-wrap justify-center gap-6">
            {partners.map((partner) => (
              <li key={partner.slug}>
                <Link
                  to={`/partners/${partner.slug}`}
                  className="flex w-40 flex-col items-center gap-3 rounded-lg bg-white p-5 shadow-sm hover:shadow"
                >
                  {partner.logo && (
                    <img
                      src={partner.logo.src}
                      alt=""
                      width={80}
                      height={80}
                      loading="lazy"
                      className="size-20 rounded-full"
                    />
                  )}
                  <span className="text-sm font-medium text-navy-900">{partner.name}</span>
                </Link>
              </li>
            ))}
          </ul>
          <Button asChild className="mt-8">
            <Link to="/partners">Become a Partner</Link>
          </Button>
        </div>
      </section>

      <section aria-labelledby="cta-title" className="mx-auto max-w-4xl px-4 py-20 text-center sm:px-6">
        <h2 id="cta-title" className="text-3xl font-bold text-navy-900">
          Ready to rethink corporate life?
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-lg text-slate-600">
          Join companies across Denmark that bring their people together on the water and beyond.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-4">
          <Button asChild size="lg">
            <Link to="/signup">Sign Up Now</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/contact">Contact Us</Link>
          </Button>
        </div>
      </section>
    </main>
  );
}
