import { href } from "react-router";
import { RecordLink } from "~/components/dashboard/record-link";
import { StatusBadge } from "~/components/dashboard/status-badge";
import { ListTable } from "~/components/ui/list-table";
import { formatDate } from "~/lib/dates";
import type { AdminUserView } from "./admin-user-view";

/** The team registrations a person made, each linked to its page by its reference. */
export function UserBookings({ bookings, name }: { bookings: AdminUserView["bookings"]; name: string }) {
  return (
    <section aria-labelledby="bookings" className="space-y-4">
      <h2 id="bookings" className="text-lg font-semibold text-navy-900">
        Bookings
      </h2>
      <ListTable
        caption={`Team registrations ${name} made`}
        rows={bookings}
        rowKey={(booking) => booking.id}
        empty={bookings.length === 0 ? `${name} has not registered a team.` : null}
        columns={[
          { label: "Event", cell: (booking) => booking.eventTitle },
          {
            label: "Date",
            nowrap: true,
            cell: (booking) => (
              <time dateTime={booking.eventStartsAt.toISOString()}>{formatDate(booking.eventStartsAt)}</time>
            ),
          },
          { label: "Team", cell: (booking) => booking.teamName },
          { label: "Status", cell: (booking) => <StatusBadge status={booking.status} /> },
          {
            label: "Reference",
            cell: (booking) => (
              <RecordLink to={href("/dashboard/partner/registrations/:id", { id: booking.id })} mono>
                {booking.reference}
              </RecordLink>
            ),
          },
        ]}
      />
    </section>
  );
}
