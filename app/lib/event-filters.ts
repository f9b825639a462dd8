import { isEventType, type EventType } from "./event-types";
import { searchText } from "./search-text";

/** Longer search text is cut; nobody types more, and it keeps the query cheap. */
export const SEARCH_MAX_LENGTH = 100;

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
