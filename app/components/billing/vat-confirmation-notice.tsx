import { formatDate } from "~/lib/dates";
import { cn } from "~/lib/utils";
import { m } from "~/paraglide/messages";

/**
 * Whether the partner's bookings are invoiced yet: not before it has billing details,
 * and not before RCL has confirmed its moms status.
 */
export function VatConfirmationNotice({
  hasProfile,
  confirmedAt,
}: {
  hasProfile: boolean;
  confirmedAt: Date | null;
}) {
  const confirmed = confirmedAt !== null;
  return (
    <p
      className={cn(
        "rounded-md px-3 py-2 text-sm",
        confirmed ? "bg-green-50 text-green-900" : "bg-amber-50 text-amber-900",
      )}
    >
      {confirmed
        ? m.billing_confirmed({ date: formatDate(confirmedAt) })
        : hasProfile
          ? m.billing_waiting()
          : m.billing_missing()}
    </p>
  );
}
