import { href } from "react-router";
import type { listEventPartners, listEventsForAdmin } from "#server/events/review-queries";
import { AdminSection } from "~/components/admin/admin-page";
import { EventStatusBadge, eventStatusLabel, type EventStatus } from "~/components/events/event-status";
import { ALL, FilterBar, partnerFilter } from "~/components/dashboard/filter-bar";
import { RecordLink } from "~/components/dashboard/record-link";
import { FilterProblems } from "~/components/ui/filter-form";
import { FilterRange } from "~/components/ui/filter-select";
import { ListTable } from "~/components/ui/list-table";
import { Pagination } from "~/components/ui/pagination";
import { EventDateTime } from "./event-date-time";

/** The statuses the list filters by, in the order an event passes through them. */
const STATUS_OPTIONS = (
  ["draft", "pending_review", "changes_requested", "published", "cancelled"] satisfies EventStatus[]
).map((status) => ({ value: status, label: eventStatusLabel(status) }));

/** Every event on RCL, filtered by status, partner and dates, the latest first. */
export function AllEvents({
  filters,
  problems,
  partners,
  rows,
  paging,
}: {
  /** The filters as the list was read with them: "all" and "" are none. */
  filters: { status: string; partner: string; from: string; to: string };
  problems: string[];
  partners: Awaited<ReturnType<typeof listEventPartners>>;
  rows: Awaited<ReturnType<typeof listEventsForAdmin>>["rows"];
  paging: { page: number; pageSize: number; total: number };
}) {
  const { total } = paging;
  // The filters that are set, as the list's address without a page number.
  const query = new URLSearchParams(
    Object.entries(filters).filter(([, value]) => value !== "" && value !== "all"),
  ).toString();
  const filtered = query !== "";
  return (
    <AdminSection id="all-events" title="All events">
      <FilterBar
        id="events"
        label="Filter events"
        values={filters}
        clearTo={filtered ? href("/dashboard/admin/events") : null}
        fields={[
          { name: "status", kind: "select", label: "Status", all: ALL, options: STATUS_OPTIONS },
          partnerFilter(partners),
        ]}
      >
        <FilterRange
          idPrefix="events"
          type="date"
          labels={{ from: "Starts from", to: "Starts until" }}
          values={filters}
          problems={{}}
        />
      </FilterBar>
      <FilterProblems problems={problems} />
      <p className="text-sm text-slate-600">Dates are days in Copenhagen; the latest event first.</p>
      <ListTable
        caption="All events, the latest first"
        rows={rows}
        rowKey={(row) => row.id}
        empty={total === 0 ? (filtered ? "No event matches these filters." : "No events yet.") : null}
        columns={[
          {
            label: "Event",
            cell: (row) => (
              <RecordLink to={href("/dashboard/admin/events/:id", { id: row.id })}>{row.title}</RecordLink>
            ),
          },
          { label: "Partner", cell: (row) => row.partnerName },
          {
            label: "Status",
            cell: (row) => <EventStatusBadge status={row.status} revisionStatus={row.revisionStatus} />,
          },
          { label: "Date", cell: (row) => <EventDateTime value={row.startsAt} /> },
          { label: "Teams registered", cell: (row) => `${row.teamsRegistered} / ${row.maxTeams}` },
        ]}
      />
      {rows.length === 0 && total > 0 && (
        <p className="text-sm text-slate-700">
          This page is past the end of the list.{" "}
          <RecordLink to={`?${query}`}>Go to the first page</RecordLink>
        </p>
      )}
      <Pagination {...paging} label="Events pages" />
    </AdminSection>
  );
}
