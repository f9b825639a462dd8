import type { ComponentProps, ReactNode } from "react";
import { EventChanges } from "~/components/admin/event-changes";
import type { EventStatus } from "~/components/events/event-status";
import { m } from "~/paraglide/messages";

/** The change a partner sent for a published event, field by field. */
export function WhatChanged({
  changes,
  currency,
  written,
  changeInReview,
}: Pick<ComponentProps<typeof EventChanges>, "changes" | "currency" | "written"> & {
  /** Waiting for the admin, rather than sent back to the partner. */
  changeInReview: boolean;
}) {
  return (
    <section aria-labelledby="what-changed" className="space-y-3">
      <h2 id="what-changed" className="text-lg font-semibold text-navy-900">
        {m.review_what_changed()}
      </h2>
      <p className="text-sm text-slate-600">
        {changeInReview ? m.review_what_changed_in_review() : m.review_what_changed_sent_back()}
      </p>
      <EventChanges changes={changes} currency={currency} written={written} />
    </section>
  );
}

/** Which version of the event's page the preview shows, by the event's status. */
const PREVIEW_INTRO: Record<EventStatus, () => string> = {
  draft: m.review_preview_unpublished,
  pending_review: m.review_preview_pending,
  changes_requested: m.review_preview_unpublished,
  published: m.review_preview_published,
  cancelled: m.review_preview_cancelled,
};

/** The event's public page inside a dashed frame, with a line saying which version it shows. */
export function PublicPreview({
  status,
  sentChange,
  children,
}: {
  status: EventStatus;
  /** The page shows a change the partner sent, applied. */
  sentChange: boolean;
  children: ReactNode;
}) {
  const intro = sentChange ? m.review_preview_change() : PREVIEW_INTRO[status]();
  return (
    <div className="space-y-3">
      <h2 id="public-preview" className="text-lg font-semibold text-navy-900">
        {m.review_preview_heading()}
      </h2>
      <p className="text-sm text-slate-600">{intro}</p>
      <div className="rounded-lg border-2 border-dashed border-slate-300 p-4 sm:p-6">{children}</div>
    </div>
  );
}
