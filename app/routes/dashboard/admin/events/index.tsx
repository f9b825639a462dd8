import { href, Link } from "react-router";
import { FilterForm } from "~/components/ui/filter-form";
import { requireArea } from "#server/auth/viewer";
import {
  ADMIN_EVENTS_PAGE_SIZE,
  listEventPartners,
  listEventsForAdmin,
  listReviewQueue,
  readAdminEventFilters,
} from "#server/events/review-queries";
import { AdminPage, AdminTable, cellClass } from "~/components/admin/admin-page";
import { EventStatusBadge, eventStatusLabel, type EventStatus } from "~/components/events/event-status";
import { buttonVariants } from "~/components/ui/button";
import { Pagination, pageOf } from "~/components/ui/pagination";
import { formatDate, formatTime } from "~/lib/dates";
import { staticPageMeta } from "~/lib/meta";
import type { Route } from "./+types/index";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = await requireArea(request, context, "admin");
  const url = new URL(request.url);
  const { filters, problems } = readAdminEventFilters(url, pageOf(url));
  const [queue, list, partners] = await Promise.all([
    listReviewQueue(context.db, actor),
    listEventsForAdmin(context.db, actor, filters),
    listEventPartners(context.db, actor),
  ]);
  return { queue, filters, problems, partners, pageSize: ADMIN_EVENTS_PAGE_SIZE, ...list };
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export const meta: Route.MetaFunction = staticPageMeta({
  title: "Events",
  path: "/dashboard/admin/events",
  noindex: true,
});

/** The statuses the list filters by, in the order an event passes through them. */
const STATUSES: EventStatus[] = ["draft", "pending_review", "changes_requested", "published", "cancelled"];

const linkClass = "font-medium text-water-700 underline hover:text-navy-900";
const controlClass = "mt-1 h-10 rounded-md border border-slate-300 bg-white px-3 text-sm";

function DateTime({ value }: { value: Date | string | null }) {
  if (!value) return <span className="text-slate-500">Not recorded</span>;
  const date = new Date(value);
  return (
    <time dateTime={date.toISOString()}>
      {formatDate(date)}, {formatTime(date)}
    </time>
  );
}

/** The filters' address without a page number. */
function pageOneQuery(filters: { status: string; partnerId: string; from: string; to: string }): string {
  const params = new URLSearchParams();
  if (filters.status !== "all") params.set("status", filters.status);
  if (filters.partnerId) params.set("partner", filters.partnerId);
  if (filters.from) params.set("from", filters.from);
  if (filters.to) params.set("to", filters.to);
  return params.toString();
}

export default function AdminEvents({ loaderData }: Route.ComponentProps) {
  const { queue, filters, problems, partners, pageSize, rows, total } = loaderData;
  const filtered =
    filters.status !== "all" || filters.partnerId !== "" || filters.from !== "" || filters.to !== "";
  return (
    <AdminPage
      title="Events"
      intro="Approve or request changes to submitted events, and find any event on RCL."
    >
      <section aria-labelledby="review-queue" className="space-y-3">
        <h2 id="review-queue" className="text-xl font-semibold text-navy-900">
          Waiting for review <span className="text-base font-normal text-slate-600">({queue.total})</span>
        </h2>
        <p className="text-sm text-slate-600">
          New events and changes to published events, the oldest submission first.
        </p>
        {queue.rows.length < queue.total && (
          <p className="text-sm text-slate-600">
            Showing the {queue.rows.length} oldest of {queue.total}.
          </p>
        )}
        <AdminTable
          caption="Events waiting for review, oldest submission first"
          columns={["Submitted", "Kind", "Event", "Partner", "Event date"]}
          empty={queue.total === 0 ? "Nothing is waiting for review." : null}
        >
          {queue.rows.map((row) => (
            <tr key={`${row.kind}-${row.id}`}>
              <td className={cellClass}>
                <DateTime value={row.submittedAt} />
              </td>
              <td className={cellClass}>
                {row.kind === "new" ? "New event" : "Change to a published event"}
              </td>
              <td className={cellClass}>
                <Link to={href("/dashboard/admin/events/:id", { id: row.id })} className={linkClass}>
                  {row.title}
                </Link>
              </td>
              <td className={cellClass}>
                <Link to={href("/dashboard/admin/partners/:id", { id: row.partnerId })} className={linkClass}>
                  {row.partnerName}
                </Link>
              </td>
              <td className={cellClass}>
                <DateTime value={row.startsAt} />
              </td>
            </tr>
          ))}
        </AdminTable>
      </section>

      <section aria-labelledby="all-events" className="space-y-4">
        <h2 id="all-events" className="text-xl font-semibold text-navy-900">
          All events
        </h2>
        <FilterForm role="search" aria-label="Filter events" className="flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor="events-status" className="block text-sm font-medium text-slate-700">
              Status
            </label>
            <select id="events-status" name="status" defaultValue={filters.status} className={controlClass}>
              <option value="all">All</option>
              {STATUSES.map((status) => (
                <option key={status} value={status}>
                  {eventStatusLabel(status)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="events-partner" className="block text-sm font-medium text-slate-700">
              Partner
            </label>
            <select
              id="events-partner"
              name="partner"
              defaultValue={filters.partnerId}
              className={`${controlClass} max-w-xs`}
            >
              <option value="">All partners</option>
              {partners.map((partner) => (
                <option key={partner.id} value={partner.id}>
                  {partner.name}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="events-from" className="block text-sm font-medium text-slate-700">
              Starts from
            </label>
            <input
              id="events-from"
              name="from"
              type="date"
              defaultValue={filters.from}
              className={controlClass}
            />
          </div>
          <div>
            <label htmlFor="events-to" className="block text-sm font-medium text-slate-700">
              Starts until
            </label>
            <input id="events-to" name="to" type="date" defaultValue={filters.to} className={controlClass} />
          </div>
          <button type="submit" className={buttonVariants({ variant: "outline" })}>
            Filter
          </button>
          {filtered && (
            <Link to={href("/dashboard/admin/events")} className="h-10 py-2 text-sm text-water-700 underline">
              Clear filters
            </Link>
          )}
        </FilterForm>
        {problems.length > 0 && (
          <div
            role="status"
            className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
          >
            {problems.map((problem) => (
              <p key={problem}>{problem}</p>
            ))}
          </div>
        )}
        <p className="text-sm text-slate-600">Dates are days in Copenhagen; the latest event first.</p>
        <AdminTable
          caption="All events, the latest first"
          columns={["Event", "Partner", "Status", "Date", "Teams registered"]}
          empty={total === 0 ? (filtered ? "No event matches these filters." : "No events yet.") : null}
        >
          {rows.map((row) => (
            <tr key={row.id}>
              <td className={cellClass}>
                <Link to={href("/dashboard/admin/events/:id", { id: row.id })} className={linkClass}>
                  {row.title}
                </Link>
              </td>
              <td className={cellClass}>{row.partnerName}</td>
              <td className={cellClass}>
                <EventStatusBadge status={row.status} revisionStatus={row.revisionStatus} />
              </td>
              <td className={cellClass}>
                <DateTime value={row.startsAt} />
              </td>
              <td className={cellClass}>
                {row.teamsRegistered} / {row.maxTeams}
              </td>
            </tr>
          ))}
        </AdminTable>
        {rows.length === 0 && total > 0 && (
          <p className="text-sm text-slate-700">
            This page is past the end of the list.{" "}
            <Link to={`?${pageOneQuery(filters)}`} className={linkClass}>
              Go to the first page
            </Link>
          </p>
        )}
        <Pagination page={filters.page} pageSize={pageSize} total={total} label="Events pages" />
      </section>
    </AdminPage>
  );
}
