import type { EventRow } from "#server/db/rows";
import type { EventRevisionRow } from "#server/events/managed-event";
import { Badge } from "~/components/ui/badge";
import { m } from "~/paraglide/messages";

export type EventStatus = EventRow["status"];
export type EventRevisionStatus = EventRevisionRow["status"];

type Look = { label: () => string; variant: "teal" | "neutral" | "attention" | "stopped" };

const STATUS_LOOK: Record<EventStatus, Look> = {
  draft: { label: m.events_status_draft, variant: "neutral" },
  pending_review: { label: m.events_status_pending_review, variant: "attention" },
  changes_requested: { label: m.events_status_changes_requested, variant: "attention" },
  published: { label: m.events_status_published, variant: "teal" },
  cancelled: { label: m.events_status_cancelled, variant: "stopped" },
};

/** A published event's pending change, beside its "Published". */
const REVISION_LOOK: Record<EventRevisionStatus, Look> = {
  draft: { label: m.events_revision_draft, variant: "neutral" },
  pending_review: { label: m.events_revision_pending_review, variant: "attention" },
  changes_requested: { label: m.events_revision_changes_requested, variant: "attention" },
};

/** An event's state in words: "Draft", "In review", …, "Published, changes in review". */
export function eventStatusLabel(
  status: EventStatus,
  revisionStatus: EventRevisionStatus | null = null,
): string {
  const label = STATUS_LOOK[status].label();
  if (status !== "published" || !revisionStatus) return label;
  return m.events_status_with_revision({
    status: label,
    revision: REVISION_LOOK[revisionStatus].label().toLowerCase(),
  });
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
      <Badge variant={look.variant}>{look.label()}</Badge>
      {revision && (
        <Badge variant={revision.variant}>
          <span className="sr-only">, </span>
          {revision.label()}
        </Badge>
      )}
    </span>
  );
}
