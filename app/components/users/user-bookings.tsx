import { href } from "react-router";
import { RecordLink } from "~/components/dashboard/record-link";
import { StatusBadge } from "~/components/dashboard/status-badge";
import { ListTable } from "~/components/ui/list-table";
import { formatDate } from "~/lib/dates";
import type { AdminUserView } from "./admin-user-view";
import { m } from "~/paraglide/messages";

/** The team registrations a person made, each linked to its page by its reference. */
export function UserBookings({ bookings, name }: { bookings: AdminUserView["bookings"]; name: string }) {
  return (
    <section aria-labelledby="bookings" className="space-y-4">
      <h2 id="bookings" className="text-lg font-semibold text-navy-900">
        {m.users_bookings()}
      </h2>
      <ListTable
        caption={m.users_bookings_caption({ name })}
        rows={bookings}
        rowKey={(booking) => booking.id}
        empty={bookings.length === 0 ? m.users_bookings_empty({ name }) : null}
        columns={[
          { label: m.users_event(), cell: (booking) => booking.eventTitle },
          {
            label: m.users_date(),
            nowrap: true,
            cell: (booking) => (
              <time dateTime={booking.eventStartsAt.toISOString()}>{formatDate(booking.eventStartsAt)}</time>
            ),
          },
          { label: m.users_team(), cell: (booking) => booking.teamName },
          { label: m.users_status(), cell: (booking) => <StatusBadge status={booking.status} /> },
          {
            label: m.users_reference(),
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
