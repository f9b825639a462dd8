import { Link, useLocation } from "react-router";
import { cn } from "~/lib/utils";
import { m } from "~/paraglide/messages";

/**
 * Where the pages next to this one start, for a list read from a row rather than an offset:
 * the row the next page follows (`older`) and the one the previous page precedes (`newer`),
 * null at either end. `more` says the list counted only its first `total` rows.
 */
type PageCursors = { older: string | null; newer: string | null; more: boolean };

/**
 * Previous and next links for a list paginated on the server. They keep every other
 * filter of the address, so a page of a search stays a page of that search. With `cursors`
 * the links also name the row their page starts from, as `older` or `newer`.
 */
export function Pagination({
  page,
  pageSize,
  total,
  label,
  cursors,
}: {
  page: number;
  pageSize: number;
  total: number;
  /** What the list holds, for the navigation's name ("Partners pages"). */
  label: string;
  cursors?: PageCursors;
}) {
  const { search } = useLocation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const hasNext = cursors ? cursors.older !== null : page < pages;
  if (cursors ? !hasNext && page <= 1 : pages <= 1) return null;
  const hrefFor = (target: number) => {
    const params = new URLSearchParams(search);
    if (target === 1) params.delete("page");
    else params.set("page", String(target));
    params.delete("older");
    params.delete("newer");
    if (cursors && target > 1) {
      const from = target > page ? ["older", cursors.older] : ["newer", cursors.newer];
      if (from[1]) params.set(from[0]!, from[1]);
    }
    const query = params.toString();
    return query ? `?${query}` : "?";
  };
  const linkClass = "rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50";
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-4">
      <p className="text-sm text-slate-600">
        {cursors?.more ? m.ui_page_of_more({ page, total }) : m.ui_page_of({ page, pages, total })}
      </p>
      <div className="flex gap-2">
        {page > 1 && (
          <Link to={hrefFor(page - 1)} className={linkClass} rel="prev">
            {m.ui_previous()}
          </Link>
        )}
        {hasNext && (
          <Link to={hrefFor(page + 1)} className={cn(linkClass)} rel="next">
            {m.ui_next()}
          </Link>
        )}
      </div>
    </nav>
  );
}

/** The `page` of an address: a whole number from 1, anything else counts as the first page. */
export function pageOf(url: URL): number {
  const value = Number(url.searchParams.get("page"));
  return Number.isInteger(value) && value >= 1 && value <= 100_000 ? value : 1;
}

/**
 * Said in place of rows when the address asks for a page past the last (an old link, a
 * list that shrank), with the way back to its first page.
 */
export function PastEndNotice({ shown, to }: { shown: boolean; to: string }) {
  if (!shown) return null;
  return (
    <p className="text-sm text-slate-700">
      {m.list_past_end()}{" "}
      <Link to={to} className="font-medium text-water-700 underline hover:text-navy-900">
        {m.list_first_page()}
      </Link>
    </p>
  );
}
