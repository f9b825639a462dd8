import { href } from "react-router";
import type { listReviewQueue } from "#server/events/review-queries";
import { AdminSection } from "~/components/admin/admin-page";
import { RecordLink } from "~/components/dashboard/record-link";
import { ListTable } from "~/components/ui/list-table";
import { EventDateTime } from "./event-date-time";

/** New events and changes to published events waiting for the admin, the oldest submission first. */
export function ReviewQueue({ queue }: { queue: Awaited<ReturnType<typeof listReviewQueue>> }) {
  return (
    <AdminSection
      id="review-queue"
      title={
        <>
          Waiting for review <span className="text-base font-normal text-slate-600">({queue.total})</span>
        </>
      }
      className="space-y-3"
    >
      <p className="text-sm text-slate-600">
        New events and changes to published events, the oldest submission first.
      </p>
      {queue.rows.length < queue.total && (
        <p className="text-sm text-slate-600">
          Showing the {queue.rows.length} oldest of {queue.total}.
        </p>
      )}
      <ListTable
        caption="Events waiting for review, oldest submission first"
        rows={queue.rows}
        rowKey={(row) => `${row.kind}-${row.id}`}
        empty={queue.total === 0 ? "Nothing is waiting for review." : null}
        columns={[
          { label: "Submitted", cell: (row) => <EventDateTime value={row.submittedAt} /> },
          {
            label: "Kind",
            cell: (row) => (row.kind === "new" ? "New event" : "Change to a published event"),
          },
          {
            label: "Event",
            cell: (row) => (
              <RecordLink to={href("/dashboard/admin/events/:id", { id: row.id })}>{row.title}</RecordLink>
            ),
          },
          {
            label: "Partner",
            cell: (row) => (
              <RecordLink to={href("/dashboard/admin/partners/:id", { id: row.partnerId })}>
                {row.partnerName}
              </RecordLink>
            ),
          },
          { label: "Event date", cell: (row) => <EventDateTime value={row.startsAt} /> },
        ]}
      />
    </AdminSection>
  );
}
