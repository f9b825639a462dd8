import type { ComponentProps, ReactNode } from "react";
import { EventChanges } from "~/components/admin/event-changes";
import type { EventStatus } from "~/components/events/event-status";

/** The change a partner sent for a published event, field by field. */
export function WhatChanged({
  changes,
  currency,
  changeInReview,
}: Pick<ComponentProps<typeof EventChanges>, "changes" | "currency"> & {
  /** Waiting for the admin, rather than sent back to the partner. */
  changeInReview: boolean;
}) {
  return (
    <section aria-labelledby="what-changed" className="space-y-3">
      <h2 id="what-changed" className="text-lg font-semibold text-navy-900">
        What changed
      </h2>
      <p className="text-sm text-slate-600">
        {changeInReview
          ? "The partner asks to change these fields of the published event. Until you approve, the public page shows the published values."
          : "The change you sent back to the partner, as it stands. The public page shows the published values."}
      </p>
      <EventChanges changes={changes} currency={currency} />
    </section>
  );
}

/** Which version of the event's page the preview shows, by the event's status. */
const PREVIEW_INTRO: Record<EventStatus, string> = {
  draft: "The event's page as it would look if it were published.",
  pending_review: "The event's page as it will look once approved.",
  changes_requested: "The event's page as it would look if it were published.",
  published: "The event's page as the public sees it now.",
  cancelled: "The event's page, marked cancelled, as the people who booked see it.",
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
  const intro = sentChange ? "The event's page with the proposed change applied." : PREVIEW_INTRO[status];
  return (
    <div className="space-y-3">
      <h2 id="public-preview" className="text-lg font-semibold text-navy-900">
        As the public would see it
      </h2>
      <p className="text-sm text-slate-600">{intro}</p>
      <div className="rounded-lg border-2 border-dashed border-slate-300 p-4 sm:p-6">{children}</div>
    </div>
  );
}
