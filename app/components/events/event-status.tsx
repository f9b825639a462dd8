import type { EventRow } from "#server/db/rows";
import type { EventRevisionRow } from "#server/events/managed-event";
import { Badge } from "~/components/ui/badge";

export type EventStatus = EventRow["status"];
export type EventRevisionStatus = EventRevisionRow["status"];

type Look = { label: string; variant: "teal" | "neutral" | "attention" | "stopped" };

const STATUS_LOOK: Record<EventStatus, Look> = {
  draft: { label: "Draft", variant: "neutral" },
  pending_review: { label: "In review", variant: "attention" },
  changes_requested: { label: "Changes requested", variant: "attention" },
  published: { label: "Published", variant: "teal" },
  cancelled: { label: "Cancelled", variant: "stopped" },
};

/** A published event's pending change, beside its "Published". */
const REVISION_LOOK: Record<EventRevisionStatus, Look> = {
  draft: { label: "Changes not submitted", variant: "neutral" },
  pending_review: { label: "Changes in review", variant: "attention" },
  changes_requested: { label: "Changes requested", variant: "attention" },
};

/** An event's state in words: "Draft", "In review", …, "Published, changes in review". */
export function eventStatusLabel(
  status: EventStatus,
  revisionStatus: EventRevisionStatus | null = null,
): string {
  const label = STATUS_LOOK[status].label;
  if (status !== "published" || !revisionStatus) return label;
  return `${label}, ${REVISION_LOOK[revisionStatus].label.toLowerCase()}`;
}

/**
 * The event's state as badges: its own status, and for a published event with a change
 * waiting, the change's state beside it (the published version stays public meanwhile).
 */
export function EventStatusBadge({
  status,
  revisionStatus = null,
}: {
  status: EventStatus;
  revisionStatus?: EventRevisionStatus | null;
}) {
  const look = STATUS_LOOK[status];
  const revision = status === "published" && revisionStatus ? REVISION_LOOK[revisionStatus] : null;
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <Badge variant={look.variant}>{look.label}</Badge>
      {revision && (
        <Badge variant={revision.variant}>
          <span className="sr-only">, </span>
          {revision.label}
        </Badge>
      )}
    </span>
  );
}
