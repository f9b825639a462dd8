import { localizedPath } from "~/lib/i18n/locale";
import { isEventType, type EventType } from "./event-types";
import { searchText } from "./search-text";

/** Longer search text is cut; nobody types more, and it keeps the query cheap. */
export const SEARCH_MAX_LENGTH = 100;

/** Events per page of the public list: four rows of three cards, six of two, or 24 on a phone. */
export const EVENTS_PAGE_SIZE = 24;

/**
 * Pages asked for beyond this are treated as "past the end" (the last page is shown),
 * so a huge number never reaches the database as an offset.
 */
const MAX_PAGE = 1_000_000;

type EventTiming = "upcoming" | "past" | "all";

export type EventListFilters = {
  q: string;
  type: EventType | null;
  when: EventTiming;
};

/**
 * Reads the events list's filters from the URL (`?q=…&type=…&when=…`). Unknown
 * types mean All Types and unknown timings mean upcoming, so no link is ever an error.
 */
export function parseEventListFilters(searchParams: URLSearchParams): EventListFilters {
  const type = searchParams.get("type");
  const when = searchParams.get("when");
  return {
    q: searchText(searchParams, "q", SEARCH_MAX_LENGTH),
    type: isEventType(type) ? type : null,
    when: when === "past" || when === "all" ? when : "upcoming",
  };
}

/**
 * The page asked for (`?page=…`): a whole number from 1. Anything else (missing, `0`,
 * `-2`, `1.5`, `abc`) means the first page, and a number too large to be a real page
 * means "the end"; the server then shows the last page there is. No link is an error.
 */
export function parseEventListPage(searchParams: URLSearchParams): number {
  const value = searchParams.get("page")?.trim() ?? "";
  if (!/^\d+$/.test(value)) return 1;
  const page = Number(value);
  if (page < 1) return 1;
  return Math.min(page, MAX_PAGE);
}

/**
 * The address of a page of the list with these filters, in the page's language; defaults
 * are left out so links stay short.
 */
export function eventListHref(filters: EventListFilters, page = 1): string {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.type) params.set("type", filters.type);
  if (filters.when !== "upcoming") params.set("when", filters.when);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return localizedPath(query ? `/events?${query}` : "/events");
}
