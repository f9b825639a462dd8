import { Badge } from "~/components/ui/badge";
import type { DashboardStatus } from "#server/dashboard/status";
import { m } from "~/paraglide/messages";

const attention = "bg-amber-100 text-amber-900";
const stopped = "bg-red-50 text-red-800";

const STATUS_LOOK: Record<
  DashboardStatus,
  { label: () => string; variant?: "default" | "teal" | "neutral"; className?: string }
> = {
  active: { label: m.status_active, variant: "teal" },
  confirmed: { label: m.status_confirmed, variant: "teal" },
  waitlisted: { label: m.status_waitlisted, className: attention },
  held: { label: m.status_held, className: attention },
  pending_review: { label: m.status_pending_review, className: attention },
  changes_requested: { label: m.status_changes_requested, className: attention },
  draft: { label: m.status_draft, variant: "neutral" },
  cancelled: { label: m.status_cancelled, className: stopped },
  event_cancelled: { label: m.status_event_cancelled, className: stopped },
};

/** The Status column of the dashboard tables: the row's real state in words. */
export function StatusBadge({ status }: { status: DashboardStatus }) {
  const { label, variant, className } = STATUS_LOOK[status];
  return (
    <Badge variant={variant} className={className}>
      {label()}
    </Badge>
  );
}
