import type { FormReply } from "~/lib/forms/use-app-form";
import { ReasonDecision } from "./reason-decision";
import type { ReasonDecisionText } from "./reason-form";

/** "Take the event down": unpublishing and cancelling, each asked first with a reason. */
export function TakeDown({
  event,
  proposedChange,
  canUnpublish,
  canCancel,
  teamsRegistered,
  teamsWaitlisted,
  resultOf,
}: {
  event: { title: string; version: number };
  /** The partner has a change to the event in the making, which unpublishing folds into it. */
  proposedChange: boolean;
  canUnpublish: boolean;
  canCancel: boolean;
  teamsRegistered: number;
  teamsWaitlisted: number;
  resultOf: (intent: string) => FormReply | undefined;
}) {
  const unpublishText: ReasonDecisionText = {
    start: "Unpublish…",
    question: `Unpublish ${event.title}?`,
    consequence: `The event is taken off the public site at once and goes back to its partner, who is emailed your reason. Bookings stand and registered teams are not emailed; to call the event off for them, cancel it instead.${proposedChange ? " The change the partner proposed becomes part of the event, to be reviewed with it when it is submitted again." : ""}`,
    reasonHint: "Emailed to the partner as you write it.",
    confirmLabel: "I understand the event stops being public now.",
    submit: "Unpublish the event",
    busy: "Unpublishing...",
  };
  const cancelText: ReasonDecisionText = {
    start: "Cancel event…",
    question: `Cancel ${event.title}?`,
    consequence: `The event is called off for good and every booking on it is cancelled. The captain of every registered and waitlisted team (${teamsRegistered} registered, ${teamsWaitlisted} waitlisted) is emailed your reason, as is the partner, and the event's page shows it. This cannot be undone.`,
    reasonHint: "Emailed to every registered and waitlisted team's captain, and shown on the event's page.",
    confirmLabel: "I understand every team is told the event is cancelled, and this cannot be undone.",
    submit: "Cancel the event",
    busy: "Cancelling...",
  };
  return (
    <div className="space-y-3 rounded-lg border border-red-200 p-5">
      <h3 className="text-lg font-semibold text-navy-900">Take the event down</h3>
      <p className="text-sm text-slate-700">
        {canUnpublish && "Unpublishing takes the event off the public site and tells the partner why. "}
        {canCancel && "Cancelling calls it off for good and tells every registered and waitlisted team why."}
      </p>
      <div className="flex flex-wrap items-start gap-3">
        {canUnpublish && (
          <ReasonDecision
            intent="unpublish"
            version={event.version}
            text={unpublishText}
            lastResult={resultOf("unpublish")}
          />
        )}
        {canCancel && (
          <ReasonDecision
            intent="cancel"
            version={event.version}
            text={cancelText}
            lastResult={resultOf("cancel")}
          />
        )}
      </div>
    </div>
  );
}
