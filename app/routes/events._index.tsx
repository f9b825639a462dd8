import { Search } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { listPublicEvents } from "#server/events/queries";
import { EventCard } from "~/components/events/event-card";
import { Button } from "~/components/ui/button";
import { parseEventListFilters, SEARCH_MAX_LENGTH } from "~/lib/event-filters";
import { EVENT_TYPES } from "~/lib/event-types";
import { baseUrlFromMatches, pageMeta } from "~/lib/meta";
import type { Route } from "./+types/events._index";

export async function loader({ request, context }: Route.LoaderArgs) {
  const filters = parseEventListFilters(new URL(request.url).searchParams);
  return { filters, events: await listPublicEvents(context.db, filters) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(baseUrlFromMatches(matches), {
    title: "Corporate Rowing Events",
    description:
      "Find corporate rowing regattas, indoor rowing challenges and team-building days for your company in Denmark and beyond.",
    path: "/events",
  });

/** Typing pauses this long before the results refresh, so each keystroke is not a request. */
const SEARCH_DEBOUNCE_MS = 300;

export default function EventsList({ loaderData }: Route.ComponentProps) {
  const { filters, events } = loaderData;
  const submit = useSubmit();
  const navigation = useNavigation();
  const debounce = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(debounce.current), []);

  const searching = navigation.location?.pathname === "/events";
  const refresh = (form: HTMLFormElement | null, delay = 0) => {
    clearTimeout(debounce.current);
    if (!form) return;
    debounce.current = setTimeout(
      () => void submit(form, { replace: true, preventScrollReset: true }),
      delay,
    );
  };

  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold text-navy-900 sm:text-4xl">Corporate Rowing Events</h1>

      {/* A plain GET form: the filters live in the URL and work without JavaScript. */}
      <Form
        method="get"
        action="/events"
        role="search"
        aria-label="Events"
        className="mt-6 grid gap-4 sm:grid-cols-[1fr_14rem_auto]"
      >
        {filters.when !== "upcoming" && <input type="hidden" name="when" value={filters.when} />}
        <div>
          <label htmlFor="events-q" className="block text-sm font-medium text-slate-700">
            Search
          </label>
          <div className="relative mt-1">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
              aria-hidden="true"
            />
            <input
              id="events-q"
              type="search"
              name="q"
              defaultValue={filters.q}
              maxLength={SEARCH_MAX_LENGTH}
              placeholder="Title, location or organizer"
              onChange={(event) => refresh(event.currentTarget.form, SEARCH_DEBOUNCE_MS)}
              className="h-10 w-full rounded-md border border-slate-300 bg-white pr-3 pl-9 text-sm"
            />
          </div>
        </div>
        <div>
          <label htmlFor="events-type" className="block text-sm font-medium text-slate-700">
            Event Type
          </label>
          <select
            id="events-type"
            name="type"
            defaultValue={filters.type ?? ""}
            onChange={(event) => refresh(event.currentTarget.form)}
            className="mt-1 h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm"
          >
            <option value="">All Types</option>
            {Object.entries(EVENT_TYPES).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="flex items-end">
          <Button type="submit" className="w-full sm:w-auto">
            Search
          </Button>
        </div>
      </Form>

      <div className="mt-4 flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600">
        <p aria-live="polite">
          {searching
            ? "Searching…"
            : `${events.length} ${filters.when === "past" ? "past " : filters.when === "upcoming" ? "upcoming " : ""}${events.length === 1 ? "event" : "events"}`}
        </p>
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
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {events.map((event) => (
            <li key={event.id} className="flex">
              <EventCard {...event} headingLevel="h2" />
            </li>
          ))}
        </ul>
      )}

      <section
        aria-labelledby="organize-title"
        className="mt-16 rounded-lg bg-navy-50 px-6 py-10 text-center"
      >
        <h2 id="organize-title" className="text-2xl font-bold text-navy-900">
          Organizing Your Own Event?
        </h2>
        <p className="mx-auto mt-2 max-w-2xl text-slate-700">
          Rowing clubs, venues and event organisers can publish their corporate events on RCL and reach
          companies across Denmark.
        </p>
        <Button asChild className="mt-6">
          <Link to="/partners">Become a Partner</Link>
        </Button>
      </section>
    </main>
  );
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
