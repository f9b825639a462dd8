import { getFormProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { QuestionActions } from "~/components/ui/confirm-step";
import { CheckboxField, TextAreaField } from "~/components/ui/form-field";
import { SubmitButton } from "~/components/ui/submit-button";
import { eventReasonSchema } from "~/lib/forms/event-schema";
import { useAppForm, type FormReply } from "~/lib/forms/use-app-form";
import { validateWith } from "~/lib/forms/validate";

const validate = validateWith(eventReasonSchema);

export const CANCEL_EVENT_CONSEQUENCE =
  "Every registered and waitlisted team's captain is emailed the reason you give, and the event's page says it is cancelled. This cannot be undone.";

type CancelValues = { reason: string; confirm: string };

/**
 * The reason and the confirmation that cancel an event, posted to the event's page
 * (intent "cancel"): in the dialog, or on the page itself without JavaScript. A refusal
 * comes back with its message next to its field; one about the whole event above them.
 */
export function CancelEventForm({
  action,
  lastResult,
  keep,
}: {
  action: string;
  lastResult: FormReply | null | undefined;
  /** The way out: the dialog's close button, or a link back to the page. */
  keep: ReactNode;
}) {
  const [form, fields] = useAppForm<CancelValues>("cancel-event", { lastResult, validate });
  const formMessages = form.errors ?? [];
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="cancel" />
      {formMessages.length > 0 && (
        <div id={form.errorId} role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {formMessages.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      )}
      <TextAreaField
        field={fields.reason}
        label="Reason for cancelling"
        hint="Sent to the teams and shown on the event's page."
        rows={4}
        required
      />
      <CheckboxField
        field={fields.confirm}
        label="I understand that the event is cancelled for every team and that this cannot be undone."
      />
      <QuestionActions keep={keep}>
        <SubmitButton
          variant="destructive"
          pending={{ formAction: action, intent: "cancel" }}
          pendingLabel="Cancelling..."
        >
          Cancel the event
        </SubmitButton>
      </QuestionActions>
    </Form>
  );
}
