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
import { INTL_LOCALE, localizedPath } from "~/lib/i18n/locale";
import { staticPageMeta } from "~/lib/meta";
import { m } from "~/paraglide/messages";
import { getLocale } from "~/paraglide/runtime";
import type { Route } from "./+types/events._index";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { searchParams } = new URL(request.url);
  const filters = parseEventListFilters(searchParams);
  const page = parseEventListPage(searchParams);
  const list = await listPublicEvents(context.db, filters, { page, pageSize: EVENTS_PAGE_SIZE });
  return { filters, ...list };
}

export const meta: Route.MetaFunction = staticPageMeta({
  title: m.events_list_title,
  description: m.events_list_description,
  path: "/events",
});

export default function EventsList({ loaderData }: Route.ComponentProps) {
  const { filters, events, total, page, pageCount } = loaderData;
  const searching = useNavigation().location?.pathname === localizedPath(href("/events"));

  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold text-navy-900 sm:text-4xl">{m.events_list_title()}</h1>

      <EventSearch filters={filters} />

      <div className="mt-4 flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600">
        <p aria-live="polite">
          {searching ? m.events_list_searching() : resultCount(total, page, filters.when)}
        </p>
        <Link
          to={eventListHref({ ...filters, when: filters.when === "past" ? "upcoming" : "past" })}
          className="text-water-600 hover:underline"
        >
          {filters.when === "past" ? m.events_list_show_upcoming() : m.events_list_show_past()}
        </Link>
      </div>

      {events.length === 0 ? (
        <div className="mt-10 rounded-lg border border-dashed border-slate-300 px-6 py-16 text-center">
          <h2 className="text-xl font-semibold text-navy-900">{m.events_list_empty_title()}</h2>
          <p className="mt-2 text-slate-600">{m.events_list_empty_body()}</p>
        </div>
      ) : (
        <>
          <EventGrid events={events} headingLevel="h2" className="mt-6" atTop />
          <EventPagination filters={filters} page={page} pageCount={pageCount} />
        </>
      )}

      <PageSection
        id="organize-title"
        title={m.events_list_organize_title()}
        headingSize="md"
        lead={m.events_list_organize_lead()}
        leadClassName="mt-2 max-w-2xl text-slate-700"
        centered
        className="mt-16 rounded-lg bg-navy-50 px-6 py-10"
      >
        <Button asChild className="mt-6">
          <Link to={localizedPath(href("/partners"))}>{m.events_list_become_partner()}</Link>
        </Button>
      </PageSection>
    </main>
  );
}

/**
 * "3 upcoming events", "1 past event" or, for all timings, "5 events"; over several
 * pages, which of them this page shows: "Showing 25–48 of 10,000 upcoming events".
 */
function resultCount(total: number, page: number, when: EventListFilters["when"]) {
  if (total <= EVENTS_PAGE_SIZE) {
    const count = { count: total };
    if (when === "past") return m.events_count_past(count);
    return when === "upcoming" ? m.events_count_upcoming(count) : m.events_count_all(count);
  }
  const format = new Intl.NumberFormat(INTL_LOCALE[getLocale()]).format;
  const range = {
    first: format((page - 1) * EVENTS_PAGE_SIZE + 1),
    last: format(Math.min(page * EVENTS_PAGE_SIZE, total)),
    total: format(total),
  };
  if (when === "past") return m.events_showing_past(range);
  return when === "upcoming" ? m.events_showing_upcoming(range) : m.events_showing_all(range);
}
