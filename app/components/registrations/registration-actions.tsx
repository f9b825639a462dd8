import type { FormMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { IntentForm } from "~/components/forms/intent-form";
import { QuestionActions } from "~/components/ui/confirm-step";
import { SelectField, TextAreaField } from "~/components/ui/form-field";
import { SubmitButton } from "~/components/ui/submit-button";
import { formatDate } from "~/lib/dates";
import { useAppForm, type FormReply } from "~/lib/forms/use-app-form";
import { m } from "~/paraglide/messages";

export type RegistrationQuestion = "cancel" | "confirm" | "move";

type ActionFormProps = {
  action: string;
  lastResult: FormReply | null | undefined;
  keep: ReactNode;
};

/** "Cancel the team": an optional reason, mailed to the captain and the booker. */
export function CancelTeamForm(props: ActionFormProps) {
  return (
    <TeamActionForm<{ reason: string }> intent="cancel" {...props}>
      {(fields) => (
        <TextAreaField
          field={fields.reason}
          label={m.registration_reason()}
          hint={m.registration_reason_hint()}
          optional
          rows={3}
        />
      )}
    </TeamActionForm>
  );
}

/** "Confirm the team": takes the free spot for a waitlisted team. */
export function ConfirmTeamForm(props: ActionFormProps) {
  return <TeamActionForm<Record<string, never>> intent="confirm" {...props} />;
}

type MoveTarget = { id: string; title: string; startsAt: Date; freeSpots: number };

/** "Move the team": one of the partner's other events with a free spot. */
export function MoveTeamForm({ targets, ...props }: ActionFormProps & { targets: MoveTarget[] }) {
  return (
    <TeamActionForm<{ targetEventId: string }> intent="move" {...props}>
      {(fields) => (
        <SelectField
          field={fields.targetEventId}
          label={m.registration_move_to()}
          hint={m.registration_move_hint()}
          placeholder={m.registration_move_placeholder()}
          required
          options={targets.map((target) => ({
            value: target.id,
            label: m.registration_move_option({
              title: target.title,
              date: formatDate(target.startsAt),
              count: target.freeSpots,
            }),
          }))}
        />
      )}
    </TeamActionForm>
  );
}

/** What each question's submit says, and while it is sent; cancelling is the destructive one. */
const SUBMITS: Record<
  RegistrationQuestion,
  { label: () => string; pending: () => string; destructive?: boolean }
> = {
  cancel: { label: m.registration_cancel_team, pending: m.registration_cancelling, destructive: true },
  confirm: { label: m.registration_confirm_team, pending: m.registration_confirming },
  move: { label: m.registration_move_team, pending: m.registration_moving },
};

type Fields<Values extends Record<string, unknown>> = ReturnType<
  FormMetadata<Values, string[]>["getFieldset"]
>;

/**
 * One question's form on the registration's page (the form `${intent}-team`): its intent,
 * the fields `children` gives it, its submit and the way out.
 */
function TeamActionForm<Values extends Record<string, unknown>>({
  intent,
  action,
  lastResult,
  keep,
  children,
}: ActionFormProps & {
  intent: RegistrationQuestion;
  children?: (fields: Fields<Values>) => ReactNode;
}) {
  const [form, fields] = useAppForm<Values>(`${intent}-team`, { lastResult });
  const submit = SUBMITS[intent];
  return (
    <IntentForm form={form} action={action} intent={intent} className="space-y-4">
      {children?.(fields)}
      <QuestionActions keep={keep}>
        <SubmitButton
          variant={submit.destructive ? "destructive" : undefined}
          pending={{ formAction: action, intent }}
          pendingLabel={submit.pending()}
        >
          {submit.label()}
        </SubmitButton>
      </QuestionActions>
    </IntentForm>
  );
}
