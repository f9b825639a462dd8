import type { FormReply } from "~/lib/forms/use-app-form";
import { ReasonDecision } from "./reason-decision";
import type { ReasonDecisionText } from "./reason-form";
import { m } from "~/paraglide/messages";

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
    start: m.review_unpublish_start(),
    question: m.review_unpublish_question({ title: event.title }),
    consequence: `${m.review_unpublish_consequence()}${proposedChange ? m.review_unpublish_folds_change() : ""}`,
    reasonHint: m.review_emailed_to_partner(),
    confirmLabel: m.review_unpublish_confirm(),
    submit: m.review_unpublish_submit(),
    busy: m.review_unpublishing(),
  };
  const cancelText: ReasonDecisionText = {
    start: m.review_cancel_start(),
    question: m.review_cancel_question({ title: event.title }),
    consequence: m.review_cancel_consequence({ registered: teamsRegistered, waitlisted: teamsWaitlisted }),
    reasonHint: m.review_cancel_reason_hint(),
    confirmLabel: m.review_cancel_confirm(),
    submit: m.review_cancel_submit(),
    busy: m.review_cancelling(),
  };
  return (
    <div className="space-y-3 rounded-lg border border-red-200 p-5">
      <h3 className="text-lg font-semibold text-navy-900">{m.review_take_down_heading()}</h3>
      <p className="text-sm text-slate-700">
        {canUnpublish && m.review_take_down_unpublish()}
        {canCancel && m.review_take_down_cancel()}
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
