import { StatusBadge } from "~/components/dashboard/status-badge";
import type { MyBooking } from "#server/registrations/queries";

/** The booking's own state, and a second badge when the whole event was called off. */
export function BookingStatus({
  status,
  eventStatus,
}: {
  status: MyBooking["status"];
  eventStatus: MyBooking["event"]["status"];
}) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      <StatusBadge status={status} />
      {eventStatus === "cancelled" && <StatusBadge status="event_cancelled" />}
    </span>
  );
}
