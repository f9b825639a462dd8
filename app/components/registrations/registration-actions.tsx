import { getFormProps } from "@conform-to/react";
import { lazy, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { Form, Link } from "react-router";
import { FormErrors } from "~/components/forms/form-errors";
import { Button, buttonVariants } from "~/components/ui/button";
import { useDialogOnDemand } from "~/components/ui/dialog-on-demand";
import { SelectField, TextAreaField } from "~/components/ui/form-field";
import { formatDate } from "~/lib/dates";
import { useAppForm, type FormReply } from "~/lib/forms/use-app-form";
import { registrationPath, registrationQuestionPath } from "./partner-paths";

const RegistrationActionDialog = lazy(() => import("./registration-action-dialog"));

export type RegistrationQuestion = "cancel" | "confirm" | "move";

/**
 * One of a registration's actions behind its question. With JavaScript the link opens
 * the question in a dialog where the person is; without, it opens the page at the same
 * question (`?cancel=1`), and a refusal sent without JavaScript shows there again. Gives
 * the page the link (for its actions) and the question on the page, when asked there.
 */
export function useRegistrationQuestion({
  registrationId,
  question,
  linkLabel,
  heading,
  consequence,
  keepLabel,
  asked,
  lastResult,
  danger = false,
  renderForm,
}: {
  registrationId: string;
  question: RegistrationQuestion;
  linkLabel: string;
  heading: string;
  consequence: string;
  keepLabel: string;
  /** Opened at the question without JavaScript (`?cancel=1`). */
  asked: boolean;
  /** The action's answer to this question's last submit, if it refused. */
  lastResult: FormReply | null | undefined;
  danger?: boolean;
  renderForm: (keep: ReactNode) => ReactNode;
}) {
  const trigger = useRef<HTMLAnchorElement>(null);
  const [usedDialog, setUsedDialog] = useState(false);
  const { open, show, dialog } = useDialogOnDemand((state) => (
    <RegistrationActionDialog
      {...state}
      heading={heading}
      consequence={consequence}
      keepLabel={keepLabel}
      renderForm={renderForm}
      returnFocusTo={trigger}
    />
  ));
  const onPage = !open && (asked || (Boolean(lastResult) && !usedDialog));

  const openDialog = (event: MouseEvent) => {
    event.preventDefault();
    setUsedDialog(true);
    show();
  };

  const link = onPage ? null : (
    <>
      <Link
        ref={trigger}
        to={registrationQuestionPath(registrationId, question)}
        onClick={openDialog}
        aria-haspopup="dialog"
        className={buttonVariants({ variant: danger ? "outline-destructive" : "outline" })}
      >
        {linkLabel}
      </Link>
      {dialog}
    </>
  );

  const headingId = `${question}-registration-question`;
  const questionOnPage = onPage ? (
    <section
      aria-labelledby={headingId}
      className={
        danger
          ? "space-y-3 rounded-md border border-red-300 bg-red-50 p-4"
          : "space-y-3 rounded-md border border-water-600/40 bg-white p-4"
      }
    >
      <h2 id={headingId} className="font-semibold break-words text-navy-900">
        {heading}
      </h2>
      <p className="text-sm text-slate-700">{consequence}</p>
      {renderForm(
        <Link to={registrationPath(registrationId)} className={buttonVariants({ variant: "outline" })}>
          {keepLabel}
        </Link>,
      )}
    </section>
  ) : null;

  return { link, question: questionOnPage };
}

type ActionFormProps = {
  action: string;
  lastResult: FormReply | null | undefined;
  busy: boolean;
  keep: ReactNode;
};

/** "Cancel the team": an optional reason, mailed to the captain and the booker. */
export function CancelTeamForm({ action, lastResult, busy, keep }: ActionFormProps) {
  const [form, fields] = useAppForm<{ reason: string }>("cancel-team", { lastResult });
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="cancel" />
      <FormErrors form={form} className="mt-0" />
      <TextAreaField
        field={fields.reason}
        label="Reason"
        hint="Included in the email to the team's captain and booker."
        optional
        rows={3}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy} variant="destructive">
          {busy ? "Cancelling..." : "Cancel the team"}
        </Button>
        {keep}
      </div>
    </Form>
  );
}

/** "Confirm the team": takes the free spot for a waitlisted team. */
export function ConfirmTeamForm({ action, lastResult, busy, keep }: ActionFormProps) {
  const [form] = useAppForm<Record<string, never>>("confirm-team", { lastResult });
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="confirm" />
      <FormErrors form={form} className="mt-0" />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          {busy ? "Confirming..." : "Confirm the team"}
        </Button>
        {keep}
      </div>
    </Form>
  );
}

type MoveTarget = { id: string; title: string; startsAt: Date; freeSpots: number };

/** "Move the team": one of the partner's other events with a free spot. */
export function MoveTeamForm({
  action,
  lastResult,
  busy,
  keep,
  targets,
}: ActionFormProps & { targets: MoveTarget[] }) {
  const [form, fields] = useAppForm<{ targetEventId: string }>("move-team", { lastResult });
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="move" />
      <FormErrors form={form} className="mt-0" />
      <SelectField
        field={fields.targetEventId}
        label="Move to"
        hint="Your published events that have not started and have a free spot."
        placeholder="Choose an event"
        required
        options={targets.map((target) => ({
          value: target.id,
          label: `${target.title}, ${formatDate(target.startsAt)} (${target.freeSpots} ${target.freeSpots === 1 ? "spot" : "spots"} free)`,
        }))}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          {busy ? "Moving..." : "Move the team"}
        </Button>
        {keep}
      </div>
    </Form>
  );
}
