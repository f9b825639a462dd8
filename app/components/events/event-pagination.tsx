import { ChevronLeft } from "~/components/icons/chevron-left";
import { ChevronRight } from "~/components/icons/chevron-right";
import { Link } from "react-router";
import { eventListHref, type EventListFilters } from "~/lib/event-filters";
import { cn } from "~/lib/utils";
import { m } from "~/paraglide/messages";

/**
 * The page numbers to offer: the first and last, the current one and its neighbours,
 * with null where a run of pages is left out ("1 … 4 5 6 … 417").
 */
export function pageNumbers(page: number, pageCount: number): (number | null)[] {
  const wanted = new Set([1, pageCount, page - 1, page, page + 1]);
  const shown = [...wanted].filter((n) => n >= 1 && n <= pageCount).sort((a, b) => a - b);
  const result: (number | null)[] = [];
  for (const n of shown) {
    const previous = result.at(-1);
    // A gap of one page shows that page; a longer one becomes an ellipsis.
    if (typeof previous === "number" && n - previous === 2) result.push(previous + 1);
    else if (typeof previous === "number" && n - previous > 2) result.push(null);
    result.push(n);
  }
  return result;
}

const itemClass =
  "inline-flex h-10 min-w-10 items-center justify-center gap-1 rounded-md border px-3 text-sm font-medium";

/**
 * Links to the pages of the events list. Plain links in the URL (`?page=2`, the filters
 * kept), so they work without JavaScript, can be shared and are followed by crawlers.
 */
export function EventPagination({
  filters,
  page,
  pageCount,
}: {
  filters: EventListFilters;
  page: number;
  pageCount: number;
}) {
  if (pageCount <= 1) return null;
  const link = "border-slate-300 bg-white text-navy-900 hover:bg-slate-50";
  return (
    <nav aria-label={m.events_pagination_label()} className="mt-10">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {page > 1 && (
          <li>
            <Link to={eventListHref(filters, page - 1)} rel="prev" className={cn(itemClass, link)}>
              <ChevronLeft className="size-4" aria-hidden="true" />
              {m.events_pagination_previous()}
            </Link>
          </li>
        )}
        {pageNumbers(page, pageCount).map((n, index) =>
          n === null ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-500">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={eventListHref(filters, n)}
                aria-current={n === page ? "page" : undefined}
                aria-label={m.events_pagination_page({ page: n })}
                className={cn(itemClass, n === page ? "border-navy-900 bg-navy-900 text-white" : link)}
              >
                {n}
              </Link>
            </li>
          ),
        )}
        {page < pageCount && (
          <li>
            <Link to={eventListHref(filters, page + 1)} rel="next" className={cn(itemClass, link)}>
              {m.events_pagination_next()}
              <ChevronRight className="size-4" aria-hidden="true" />
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
