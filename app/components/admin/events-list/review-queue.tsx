import { href } from "react-router";
import type { listReviewQueue } from "#server/events/review-queries";
import { AdminSection } from "~/components/admin/admin-page";
import { RecordLink } from "~/components/dashboard/record-link";
import { ListTable } from "~/components/ui/list-table";
import { EventDateTime } from "./event-date-time";
import { m } from "~/paraglide/messages";

/** New events and changes to published events waiting for the admin, the oldest submission first. */
export function ReviewQueue({ queue }: { queue: Awaited<ReturnType<typeof listReviewQueue>> }) {
  return (
    <AdminSection
      id="review-queue"
      title={
        <>
          {m.review_waiting_for_review()}{" "}
          <span className="text-base font-normal text-slate-600">
            {m.admin_queue_count({ count: queue.total })}
          </span>
        </>
      }
      className="space-y-3"
    >
      <p className="text-sm text-slate-600">{m.admin_queue_intro()}</p>
      {queue.rows.length < queue.total && (
        <p className="text-sm text-slate-600">
          {m.admin_queue_showing({ shown: queue.rows.length, total: queue.total })}
        </p>
      )}
      <ListTable
        caption={m.admin_queue_caption()}
        rows={queue.rows}
        rowKey={(row) => `${row.kind}-${row.id}`}
        empty={queue.total === 0 ? m.admin_queue_empty() : null}
        columns={[
          { label: m.review_submitted(), cell: (row) => <EventDateTime value={row.submittedAt} /> },
          {
            label: m.admin_queue_kind(),
            cell: (row) => (row.kind === "new" ? m.review_kind_new() : m.review_kind_change()),
          },
          {
            label: m.admin_events_column_event(),
            cell: (row) => (
              <RecordLink to={href("/dashboard/admin/events/:id", { id: row.id })}>{row.title}</RecordLink>
            ),
          },
          {
            label: m.admin_events_column_partner(),
            cell: (row) => (
              <RecordLink to={href("/dashboard/admin/partners/:id", { id: row.partnerId })}>
                {row.partnerName}
              </RecordLink>
            ),
          },
          { label: m.review_event_date(), cell: (row) => <EventDateTime value={row.startsAt} /> },
        ]}
      />
    </AdminSection>
  );
}
