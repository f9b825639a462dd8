import { href, Link, useNavigation } from "react-router";
import { listPublicEvents } from "#server/events/queries";
import { EventGrid } from "~/components/events/event-grid";
import { EventPagination } from "~/components/events/event-pagination";
import { EventSearch } from "~/components/events/event-search";
import { PageSection } from "~/components/content/page-section";
import { Button } from "~/components/ui/button";
import {
  EVENTS_PAGE_SIZE,
  eventListHref,
  parseEventListFilters,
  parseEventListPage,
  type EventListFilters,
} from "~/lib/event-filters";
import { staticPageMeta } from "~/lib/meta";
import type { Route } from "./+types/events._index";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { searchParams } = new URL(request.url);
  const filters = parseEventListFilters(searchParams);
  const page = parseEventListPage(searchParams);
  const list = await listPublicEvents(context.db, filters, { page, pageSize: EVENTS_PAGE_SIZE });
  return { filters, ...list };
}

export const meta: Route.MetaFunction = staticPageMeta({
  title: "Corporate Rowing Events",
  description:
    "Find corporate rowing regattas, indoor rowing challenges and team-building days for your company in Denmark and beyond.",
  path: "/events",
});

export default function EventsList({ loaderData }: Route.ComponentProps) {
  const { filters, events, total, page, pageCount } = loaderData;
  const searching = useNavigation().location?.pathname === href("/events");

  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold text-navy-900 sm:text-4xl">Corporate Rowing Events</h1>

      <EventSearch filters={filters} />

      <div className="mt-4 flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600">
        <p aria-live="polite">{searching ? "Searching…" : resultCount(total, page, filters.when)}</p>
        <Link
          to={eventListHref({ ...filters, when: filters.when === "past" ? "upcoming" : "past" })}
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
        <>
          <EventGrid events={events} headingLevel="h2" className="mt-6" atTop />
          <EventPagination filters={filters} page={page} pageCount={pageCount} />
        </>
      )}

      <PageSection
        id="organize-title"
        title="Organizing Your Own Event?"
        headingSize="md"
        lead="Rowing clubs, venues and event organisers can publish their corporate events on RCL and reach companies across Denmark."
        leadClassName="mt-2 max-w-2xl text-slate-700"
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

const formatCount = new Intl.NumberFormat("en-GB");

/**
 * "3 upcoming events", "1 past event" or, for all timings, "5 events"; over several
 * pages, which of them this page shows: "Showing 25–48 of 10,000 upcoming events".
 */
function resultCount(total: number, page: number, when: EventListFilters["when"]) {
  const timing = when === "past" ? "past " : when === "upcoming" ? "upcoming " : "";
  const noun = `${timing}${total === 1 ? "event" : "events"}`;
  if (total <= EVENTS_PAGE_SIZE) return `${total} ${noun}`;
  const first = (page - 1) * EVENTS_PAGE_SIZE + 1;
  const last = Math.min(page * EVENTS_PAGE_SIZE, total);
  return `Showing ${formatCount.format(first)}–${formatCount.format(last)} of ${formatCount.format(total)} ${noun}`;
}
