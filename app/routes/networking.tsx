import { Building2, Calendar, Laptop, MapPin, Star, Users } from "lucide-react";
import { Link } from "react-router";
import { listUpcomingEvents } from "#server/events/queries";
import { Button } from "~/components/ui/button";
import { formatDate, formatTimeRange } from "~/lib/dates";
import { baseUrlFromMatches, pageMeta } from "~/lib/meta";
import type { Route } from "./+types/networking";

/** How many upcoming networking events the page lists. */
const UPCOMING_LIMIT = 2;

export async function loader({ context }: Route.LoaderArgs) {
  return { events: await listUpcomingEvents(context.db, { limit: UPCOMING_LIMIT, networking: true }) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(baseUrlFromMatches(matches), {
    title: "Networking",
    description:
      "Meet leaders and professionals from companies across Denmark at RCL's networking brunches, mixers and workshops.",
    path: "/networking",
  });

const benefits = [
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
      <section className="bg-navy-900 text-white">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
          <h1 className="text-4xl font-bold">Strategic Networking</h1>
          <p className="mt-4 max-w-2xl text-lg text-navy-100">
            Real relationships grow where people share an experience. Our networking events bring
            professionals together around the water, the table and the screen.
          </p>
        </div>
      </section>

      <section aria-labelledby="benefits-title" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <h2 id="benefits-title" className="text-2xl font-bold text-navy-900">
          Why join our network
        </h2>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {benefits.map(({ title, body, Icon }) => (
            <li key={title} className="rounded-lg border border-slate-200 p-6">
              <Icon className="size-8 text-water-600" aria-hidden="true" />
              <h3 className="mt-4 text-lg font-semibold text-navy-900">{title}</h3>
              <p className="mt-2 text-sm text-slate-600">{body}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="upcoming-title" className="bg-navy-50">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
          <div className="flex flex-wrap items-end justify-between gap-4">
            <h2 id="upcoming-title" className="text-2xl font-bold text-navy-900">
              Upcoming networking events
            </h2>
            <Link to="/events" className="text-water-600 hover:underline">
              View All Events
            </Link>
          </div>
          {events.length === 0 ? (
            <p className="mt-6 text-slate-600">New networking events are announced soon.</p>
          ) : (
            <ul className="mt-6 grid gap-6 md:grid-cols-2">
              {events.map((event) => {
                const start = new Date(event.startsAt);
                return (
                  <li key={event.id} className="rounded-lg border border-slate-200 bg-white p-6">
                    <h3 className="text-lg font-semibold text-navy-900">
                      <Link to={`/events/${event.slug}`} className="hover:underline">
                        {event.title}
                      </Link>
                    </h3>
                    <ul className="mt-3 space-y-1 text-sm text-slate-600">
                      <li className="flex items-center gap-2">
                        <Calendar className="size-4" aria-hidden="true" />
                        <time dateTime={start.toISOString()}>{formatDate(start)}</time>,{" "}
                        {formatTimeRange(start, new Date(event.endsAt))}
                      </li>
                      <li className="flex items-center gap-2">
                        <MapPin className="size-4" aria-hidden="true" />
                        {event.location}
                      </li>
                    </ul>
                    <p className="mt-3 text-sm text-slate-700">{event.description}</p>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      </section>

      <section aria-labelledby="join-title" className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6">
        <h2 id="join-title" className="text-2xl font-bold text-navy-900">
          Ready to grow your network?
        </h2>
        <p className="mt-2 text-slate-600">Create a free account to register for networking events.</p>
        <Button asChild size="lg" className="mt-6">
          <Link to="/signup">Sign Up Now</Link>
        </Button>
      </section>
    </main>
  );
}
