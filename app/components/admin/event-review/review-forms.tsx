import { useEffect, useRef } from "react";
import { AdminFormCard } from "~/components/admin/admin-form-card";
import { TextAreaField } from "~/components/ui/form-field";
import { SubmitButton } from "~/components/ui/submit-button";
import { reviewNoteSchema } from "~/lib/forms/event-schema";
import type { FormReply } from "~/lib/forms/use-app-form";

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
    <AdminFormCard intent="approve" title="Approve" level={3} lastResult={lastResult}>
      <p className="text-sm text-slate-700">
        {change
          ? "Approving puts these changes on the public page at once and emails the partner."
          : "Approving publishes the event on the site at once and emails the partner."}
      </p>
      <input type="hidden" name="version" value={String(version)} />
      <SubmitButton pending={{ intent: "approve" }} pendingLabel="Approving...">
        {change ? "Approve the changes" : "Approve and publish"}
      </SubmitButton>
    </AdminFormCard>
  );
}

/** "Request changes": the event (or its change) goes back to the partner with the admin's note. */
export function RequestChangesForm({ version, change, lastResult }: DecisionProps) {
  return (
    <AdminFormCard
      intent="request-changes"
      title="Request changes"
      level={3}
      schema={reviewNoteSchema}
      lastResult={lastResult}
    >
      {(fields) => (
        <>
          <p className="text-sm text-slate-700">
            {change
              ? "The published event stays as it is; the partner is emailed your note and can revise the change."
              : "The event goes back to the partner, who is emailed your note and can submit it again."}
          </p>
          <input type="hidden" name="version" value={String(version)} />
          <TextAreaField
            field={fields.note}
            label="Note to the partner"
            hint="Emailed to the partner as you write it."
            required
          />
          <SubmitButton variant="outline" pending={{ intent: "request-changes" }} pendingLabel="Sending...">
            Request changes
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
      <h2 className="font-semibold">This event changed while you were looking at it</h2>
      <p className="mt-1 text-sm">{message}</p>
      <p className="mt-1 text-sm">The page below now shows the latest version.</p>
    </div>
  );
}
