import { href, Link, useNavigation } from "react-router";
import { listPublicEvents } from "#server/events/queries";
import { EventGrid } from "~/components/events/event-grid";
import { EventSearch } from "~/components/events/event-search";
import { PageSection } from "~/components/content/page-section";
import { Button } from "~/components/ui/button";
import { parseEventListFilters, type EventListFilters } from "~/lib/event-filters";
import { staticPageMeta } from "~/lib/meta";
import type { Route } from "./+types/events._index";

export async function loader({ request, context }: Route.LoaderArgs) {
  const filters = parseEventListFilters(new URL(request.url).searchParams);
  return { filters, events: await listPublicEvents(context.db, filters) };
}

export const meta: Route.MetaFunction = staticPageMeta({
  title: "Corporate Rowing Events",
  description:
    "Find corporate rowing regattas, indoor rowing challenges and team-building days for your company in Denmark and beyond.",
  path: "/events",
});

export default function EventsList({ loaderData }: Route.ComponentProps) {
  const { filters, events } = loaderData;
  const searching = useNavigation().location?.pathname === href("/events");

  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold text-navy-900 sm:text-4xl">Corporate Rowing Events</h1>

      <EventSearch filters={filters} />

      <div className="mt-4 flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600">
        <p aria-live="polite">{searching ? "Searching…" : resultCount(events.length, filters.when)}</p>
        <Link
          to={filters.when === "past" ? withWhen(filters, "upcoming") : withWhen(filters, "past")}
          className="text-water-600 hover:underline"
        >
          {filters.when === "past" ? "Show upcoming events" : "Show past events"}
        </Link>
      </div>

      {events.length === 0 ? (
        <div className="mt-10 rounded-lg border border-dashed border-slate-300 px-6 py-16 text-center">
          <h2 className="text-xl font-semibold text-navy-900">No events found</h2>
          <p className="mt-2 text-slate-600">Try adjusting your search or filter criteria.</p>
        </div>
      ) : (
        <EventGrid events={events} headingLevel="h2" className="mt-6" atTop />
      )}

      <PageSection
        id="organize-title"
        title="Organizing Your Own Event?"
        headingSize="md"
        lead="Rowing clubs, venues and event organisers can publish their corporate events on RCL and reach companies across Denmark."
        leadClassName="mt-2 text-slate-700"
        centered
        className="mt-16 rounded-lg bg-navy-50 px-6 py-10"
      >
        <Button asChild className="mt-6">
          <Link to={href("/partners")}>Become a Partner</Link>
        </Button>
      </PageSection>
    </main>
  );
}

/** "3 upcoming events", "1 past event" or, for all timings, "5 events". */
function resultCount(count: number, when: EventListFilters["when"]) {
  const timing = when === "past" ? "past " : when === "upcoming" ? "upcoming " : "";
  return `${count} ${timing}${count === 1 ? "event" : "events"}`;
}

/** The current filters with another timing, as a query string. */
function withWhen(filters: { q: string; type: string | null }, when: "upcoming" | "past") {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.type) params.set("type", filters.type);
  if (when !== "upcoming") params.set("when", when);
  const query = params.toString();
  return query ? `?${query}` : "?";
}
