import type { ReactNode } from "react";
import type { EventRevisionStatus, EventStatus } from "~/components/events/event-status";
import { cn } from "~/lib/utils";
import { publishedStaysPublic } from "~/lib/words/review";
import { m } from "~/paraglide/messages";

export type EventNoticeState = {
  status: EventStatus;
  /** An admin's note: changes asked for, or why the event was taken offline. */
  reviewNote: string | null;
  cancellationReason: string | null;
  /** A published event's pending change. */
  revision: { status: EventRevisionStatus; reviewNote: string | null } | null;
  started: boolean;
  partnerStatus: "pending" | "approved" | "suspended";
};

function Notice({ tone, children }: { tone: "attention" | "info" | "stopped"; children: ReactNode }) {
  return (
    <div
      className={cn(
        "space-y-1 rounded-md border p-4 text-sm",
        tone === "attention" && "border-amber-300 bg-amber-50 text-amber-950",
        tone === "info" && "border-slate-200 bg-slate-50 text-slate-800",
        tone === "stopped" && "border-red-200 bg-red-50 text-red-900",
      )}
    >
      {children}
    </div>
  );
}

/** RCL's note as it was written, line breaks kept. */
const Note = ({ lead, text }: { lead: string; text: string }) => (
  <p>
    <strong className="font-semibold">{lead}</strong> <span className="whitespace-pre-line">{text}</span>
  </p>
);

/**
 * Where the event stands, in words: what RCL asked for, whether a published event's
 * changes are in review or still to be submitted, why it was cancelled, and whether it
 * can still be changed.
 */
export function EventNotices({ state }: { state: EventNoticeState }) {
  const { status, reviewNote, cancellationReason, revision, started, partnerStatus } = state;
  const notices: ReactNode[] = [];

  if (status === "cancelled") {
    notices.push(
      <Notice key="cancelled" tone="stopped">
        <p className="font-semibold">{m.editor_notice_cancelled()}</p>
        {cancellationReason && <Note lead={m.editor_notice_reason()} text={cancellationReason} />}
        <p>{m.editor_notice_cancelled_text()}</p>
      </Notice>,
    );
  } else if (started) {
    notices.push(
      <Notice key="started" tone="info">
        <p>{m.editor_notice_started()}</p>
      </Notice>,
    );
  }

  if (status === "changes_requested") {
    notices.push(
      <Notice key="changes" tone="attention">
        {reviewNote ? (
          <Note lead={m.editor_notice_changes_requested()} text={reviewNote} />
        ) : (
          <p className="font-semibold">{m.editor_notice_changes_asked()}</p>
        )}
        <p>{m.editor_notice_changes_text()}</p>
      </Notice>,
    );
  } else if (status === "pending_review") {
    notices.push(
      <Notice key="review" tone="info">
        <p>{m.editor_notice_in_review()}</p>
      </Notice>,
    );
  } else if (status === "draft" && reviewNote) {
    notices.push(
      <Notice key="note" tone="attention">
        <Note lead={m.editor_notice_note()} text={reviewNote} />
      </Notice>,
    );
  }

  if (status === "published" && revision) {
    if (revision.status === "changes_requested") {
      notices.push(
        <Notice key="revision" tone="attention">
          {revision.reviewNote ? (
            <Note lead={m.editor_notice_changes_requested()} text={revision.reviewNote} />
          ) : (
            <p className="font-semibold">{m.editor_notice_revision_changes_asked()}</p>
          )}
          <p>
            {publishedStaysPublic()} {m.editor_notice_revision_changes_text()}
          </p>
        </Notice>,
      );
    } else if (revision.status === "pending_review") {
      notices.push(
        <Notice key="revision" tone="info">
          <p className="font-semibold">{m.editor_notice_revision_in_review()}</p>
          <p>{publishedStaysPublic()}</p>
        </Notice>,
      );
    } else {
      notices.push(
        <Notice key="revision" tone="attention">
          <p className="font-semibold">{m.editor_notice_revision_saved()}</p>
          <p>
            {m.editor_notice_revision_saved_text()} {publishedStaysPublic()}
          </p>
        </Notice>,
      );
    }
  }

  if (status === "published" && partnerStatus !== "approved") {
    notices.push(
      <Notice key="partner" tone="attention">
        <p>
          {partnerStatus === "pending"
            ? m.editor_notice_partner_pending()
            : m.editor_notice_partner_suspended()}
        </p>
      </Notice>,
    );
  }

  return notices.length > 0 ? <div className="space-y-3">{notices}</div> : null;
}
