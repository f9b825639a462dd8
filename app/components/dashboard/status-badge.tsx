import { Badge } from "~/components/ui/badge";
import type { DashboardStatus } from "#server/dashboard/status";

const attention = "bg-amber-100 text-amber-900";
const stopped = "bg-red-50 text-red-800";

const STATUS_LOOK: Record<
  DashboardStatus,
  { label: string; variant?: "default" | "teal" | "neutral"; className?: string }
> = {
  active: { label: "Active", variant: "teal" },
  confirmed: { label: "Confirmed", variant: "teal" },
  waitlisted: { label: "Waitlisted", className: attention },
  pending_review: { label: "Pending review", className: attention },
  changes_requested: { label: "Changes requested", className: attention },
  draft: { label: "Draft", variant: "neutral" },
  cancelled: { label: "Cancelled", className: stopped },
  event_cancelled: { label: "Event cancelled", className: stopped },
};

/** The Status column of the dashboard tables: the row's real state in words. */
export function StatusBadge({ status }: { status: DashboardStatus }) {
  const { label, variant, className } = STATUS_LOOK[status];
  return (
    <Badge variant={variant} className={className}>
      {label}
    </Badge>
  );
}
