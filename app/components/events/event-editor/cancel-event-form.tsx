import { getFormProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { QuestionActions } from "~/components/ui/confirm-step";
import { CheckboxField, TextAreaField } from "~/components/ui/form-field";
import { SubmitButton } from "~/components/ui/submit-button";
import { eventReasonSchema } from "~/lib/forms/event-schema";
import { useAppForm, type FormReply } from "~/lib/forms/use-app-form";
import { validateWith } from "~/lib/forms/validate";
import { m } from "~/paraglide/messages";

const validate = validateWith(eventReasonSchema);

/** What cancelling an event does, as the question before it says. */
export const cancelEventConsequence = (): string => m.editor_cancel_consequence();

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
        label={m.editor_cancel_reason()}
        hint={m.editor_cancel_reason_hint()}
        rows={4}
        required
      />
      <CheckboxField field={fields.confirm} label={m.editor_cancel_confirm()} />
      <QuestionActions keep={keep}>
        <SubmitButton
          variant="destructive"
          pending={{ formAction: action, intent: "cancel" }}
          pendingLabel={m.editor_cancel_pending()}
        >
          {m.editor_cancel_submit()}
        </SubmitButton>
      </QuestionActions>
    </Form>
  );
}
