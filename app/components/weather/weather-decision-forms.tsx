import { getFormProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { FormErrors } from "~/components/forms/form-errors";
import { QuestionActions } from "~/components/ui/confirm-step";
import { CheckboxField, TextAreaField } from "~/components/ui/form-field";
import { SubmitButton } from "~/components/ui/submit-button";
import { WEATHER_DECISION_SCHEMAS } from "~/lib/forms/weather-decision-schema";
import { useAppForm, type FormReply } from "~/lib/forms/use-app-form";
import { validateWith } from "~/lib/forms/validate";
import { m } from "~/paraglide/messages";

const validateGo = validateWith(WEATHER_DECISION_SCHEMAS.go);
const validateMove = validateWith(WEATHER_DECISION_SCHEMAS.move);

type DecisionFormProps = { action: string; lastResult: FormReply | null | undefined };

/** "Go ahead": recorded at once, with an optional note. */
export function GoForm(props: DecisionFormProps) {
  return (
    <DecisionForm {...props} intent="go" validate={validateGo}>
      {({ submit }) => submit(m.weather_decide_go_submit(), m.weather_decide_go_pending())}
    </DecisionForm>
  );
}

/** The move's note and confirmation, in the question's dialog or on the page without JavaScript. */
export function MoveForm({ keep, ...props }: DecisionFormProps & { keep: ReactNode }) {
  return (
    <DecisionForm {...props} intent="move" validate={validateMove}>
      {({ submit, confirm }) => (
        <>
          <CheckboxField field={confirm} label={m.weather_decide_move_confirm()} />
          <QuestionActions keep={keep}>
            {submit(m.weather_decide_move_submit(), m.weather_decide_moving())}
          </QuestionActions>
        </>
      )}
    </DecisionForm>
  );
}

type DecisionFields = ReturnType<typeof useAppForm<{ note: string; confirm: string }>>[1];

/**
 * A decision's form: the error summary (a refusal about the whole decision, such as the
 * event having started meanwhile, or a field's message), the optional note, and what the
 * decision adds below it with its submit button.
 */
function DecisionForm({
  action,
  lastResult,
  intent,
  validate,
  children,
}: DecisionFormProps & {
  intent: "go" | "move";
  validate: typeof validateGo;
  children: (parts: {
    submit: (label: string, pendingLabel: string) => ReactNode;
    confirm: DecisionFields["confirm"];
  }) => ReactNode;
}) {
  const [form, fields] = useAppForm<{ note: string; confirm: string }>(`weather-${intent}`, {
    lastResult,
    validate,
  });
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value={intent} />
      <FormErrors form={form} className="mt-0" />
      <TextAreaField
        field={fields.note}
        label={m.weather_decide_note()}
        hint={m.weather_decide_note_hint()}
        rows={3}
        optional
      />
      {children({
        submit: (label, pendingLabel) => (
          <SubmitButton pending={{ formAction: action, intent }} pendingLabel={pendingLabel}>
            {label}
          </SubmitButton>
        ),
        confirm: fields.confirm,
      })}
    </Form>
  );
}
