import { useEffect, useRef } from "react";
import { AdminFormCard } from "~/components/admin/admin-form-card";
import { TextAreaField } from "~/components/ui/form-field";
import { SubmitButton } from "~/components/ui/submit-button";
import { reviewNoteSchema } from "~/lib/forms/event-schema";
import type { FormReply } from "~/lib/forms/use-app-form";
import { m } from "~/paraglide/messages";

/** What each decision's form is given: the event's version it decides on, and what it decides. */
type DecisionProps = {
  version: number;
  /** A change to a published event, rather than a new event. */
  change: boolean;
  lastResult?: FormReply;
};

/** "Approve": publishes a new event, or puts a change to a published event live. */
export function ApproveForm({ version, change, lastResult }: DecisionProps) {
  return (
    <AdminFormCard intent="approve" title={m.review_approve()} level={3} lastResult={lastResult}>
      <p className="text-sm text-slate-700">
        {change ? m.review_approve_change_explained() : m.review_approve_new_explained()}
      </p>
      <input type="hidden" name="version" value={String(version)} />
      <SubmitButton pending={{ intent: "approve" }} pendingLabel={m.review_approving()}>
        {change ? m.review_approve_changes() : m.review_approve_and_publish()}
      </SubmitButton>
    </AdminFormCard>
  );
}

/** "Request changes": the event (or its change) goes back to the partner with the admin's note. */
export function RequestChangesForm({ version, change, lastResult }: DecisionProps) {
  return (
    <AdminFormCard
      intent="request-changes"
      title={m.review_request_changes()}
      level={3}
      schema={reviewNoteSchema}
      lastResult={lastResult}
    >
      {(fields) => (
        <>
          <p className="text-sm text-slate-700">
            {change ? m.review_request_change_explained() : m.review_request_new_explained()}
          </p>
          <input type="hidden" name="version" value={String(version)} />
          <TextAreaField
            field={fields.note}
            label={m.review_note_to_partner()}
            hint={m.review_emailed_to_partner()}
            required
          />
          <SubmitButton
            variant="outline"
            pending={{ intent: "request-changes" }}
            pendingLabel={m.review_sending()}
          >
            {m.review_request_changes()}
          </SubmitButton>
        </>
      )}
    </AdminFormCard>
  );
}

/**
 * The message when a decision was refused because the event changed after the page was
 * opened: at the top of the page, which now shows the latest version, and focused, so
 * the admin reads it before looking again.
 */
export function StaleNotice({
  message,
  answer,
}: {
  message: string;
  /** The action's answer: each new one (another refused try) moves focus here again. */
  answer: unknown;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus({ preventScroll: true });
    ref.current?.scrollIntoView({ block: "nearest" });
  }, [message, answer]);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      className="rounded-md border-2 border-amber-600 bg-amber-50 p-4 text-amber-950 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-700 focus-visible:ring-offset-2"
    >
      <h2 className="font-semibold">{m.review_stale_heading()}</h2>
      <p className="mt-1 text-sm">{message}</p>
      <p className="mt-1 text-sm">{m.review_stale_latest()}</p>
    </div>
  );
}
