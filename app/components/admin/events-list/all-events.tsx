import { href } from "react-router";
import type { listEventPartners, listEventsForAdmin } from "#server/events/review-queries";
import { AdminSection } from "~/components/admin/admin-page";
import { EventStatusBadge, eventStatusLabel, type EventStatus } from "~/components/events/event-status";
import { allOption, FilterBar, partnerFilter } from "~/components/dashboard/filter-bar";
import { RecordLink } from "~/components/dashboard/record-link";
import { FilterProblems } from "~/components/ui/filter-form";
import { FilterRange } from "~/components/ui/filter-select";
import { ListTable } from "~/components/ui/list-table";
import { Pagination, PastEndNotice } from "~/components/ui/pagination";
import { EventDateTime } from "./event-date-time";
import { m } from "~/paraglide/messages";

/** The statuses the list filters by, in the order an event passes through them. */
const STATUSES = [
  "draft",
  "pending_review",
  "changes_requested",
  "published",
  "cancelled",
] satisfies EventStatus[];

/** The status choices, worded in the page's language. */
const statusOptions = () => STATUSES.map((status) => ({ value: status, label: eventStatusLabel(status) }));

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
    <AdminSection id="all-events" title={m.admin_events_all()}>
      <FilterBar
        id="events"
        label={m.admin_events_filter_label()}
        values={filters}
        clearTo={filtered ? href("/dashboard/admin/events") : null}
        fields={[
          {
            name: "status",
            kind: "select",
            label: m.admin_events_status(),
            all: allOption(),
            options: statusOptions(),
          },
          partnerFilter(partners),
        ]}
      >
        <FilterRange
          idPrefix="events"
          type="date"
          labels={{ from: m.admin_events_starts_from(), to: m.admin_events_starts_until() }}
          values={filters}
          problems={{}}
        />
      </FilterBar>
      <FilterProblems problems={problems} />
      <p className="text-sm text-slate-600">{m.admin_events_dates_note()}</p>
      <ListTable
        caption={m.admin_events_caption()}
        rows={rows}
        rowKey={(row) => row.id}
        empty={total === 0 ? (filtered ? m.admin_events_none_match() : m.admin_events_none_yet()) : null}
        columns={[
          {
            label: m.admin_events_column_event(),
            cell: (row) => (
              <RecordLink to={href("/dashboard/admin/events/:id", { id: row.id })}>{row.title}</RecordLink>
            ),
          },
          { label: m.admin_events_column_partner(), cell: (row) => row.partnerName },
          {
            label: m.admin_events_status(),
            cell: (row) => <EventStatusBadge status={row.status} revisionStatus={row.revisionStatus} />,
          },
          { label: m.admin_events_column_date(), cell: (row) => <EventDateTime value={row.startsAt} /> },
          { label: m.review_teams_registered(), cell: (row) => `${row.teamsRegistered} / ${row.maxTeams}` },
        ]}
      />
      <PastEndNotice shown={rows.length === 0 && total > 0} to={`?${query}`} />
      <Pagination {...paging} label={m.admin_events_pages()} />
    </AdminSection>
  );
}
