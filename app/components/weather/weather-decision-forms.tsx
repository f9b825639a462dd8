import { getFormProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { QuestionActions } from "~/components/ui/confirm-step";
import { CheckboxField, TextAreaField } from "~/components/ui/form-field";
import { SubmitButton } from "~/components/ui/submit-button";
import { WEATHER_DECISION_SCHEMAS } from "~/lib/forms/weather-decision-schema";
import { useAppForm, type FormReply } from "~/lib/forms/use-app-form";
import { validateWith } from "~/lib/forms/validate";
import { m } from "~/paraglide/messages";

const validateGo = validateWith(WEATHER_DECISION_SCHEMAS.go);
const validateMove = validateWith(WEATHER_DECISION_SCHEMAS.move);

/** "Go ahead": recorded at once, with an optional note. */
export function GoForm({ action, lastResult }: { action: string; lastResult: FormReply | null | undefined }) {
  const [form, fields] = useAppForm<{ note: string }>("weather-go", { lastResult, validate: validateGo });
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="space-y-3">
      <input type="hidden" name="intent" value="go" />
      <FormMessages id={form.errorId} messages={form.errors ?? []} />
      <TextAreaField
        field={fields.note}
        label={m.weather_decide_note()}
        hint={m.weather_decide_note_hint()}
        rows={3}
        optional
      />
      <SubmitButton
        pending={{ formAction: action, intent: "go" }}
        pendingLabel={m.weather_decide_go_pending()}
      >
        {m.weather_decide_go_submit()}
      </SubmitButton>
    </Form>
  );
}

/** The move's note and confirmation, in the question's dialog or on the page without JavaScript. */
export function MoveForm({
  action,
  lastResult,
  keep,
}: {
  action: string;
  lastResult: FormReply | null | undefined;
  keep: ReactNode;
}) {
  const [form, fields] = useAppForm<{ note: string; confirm: string }>("weather-move", {
    lastResult,
    validate: validateMove,
  });
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="move" />
      <FormMessages id={form.errorId} messages={form.errors ?? []} />
      <TextAreaField
        field={fields.note}
        label={m.weather_decide_note()}
        hint={m.weather_decide_note_hint()}
        rows={3}
        optional
      />
      <CheckboxField field={fields.confirm} label={m.weather_decide_move_confirm()} />
      <QuestionActions keep={keep}>
        <SubmitButton
          pending={{ formAction: action, intent: "move" }}
          pendingLabel={m.weather_decide_moving()}
        >
          {m.weather_decide_move_submit()}
        </SubmitButton>
      </QuestionActions>
    </Form>
  );
}

/** A refusal about the whole decision (the event started meanwhile), above the form's fields. */
function FormMessages({ id, messages }: { id: string; messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <div id={id} role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
      {messages.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  );
}
