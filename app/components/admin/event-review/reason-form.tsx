import { getFormProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { FormErrors } from "~/components/forms/form-errors";
import { CheckboxField, TextAreaField } from "~/components/ui/form-field";
import { SubmitButton } from "~/components/ui/submit-button";
import { eventReasonSchema } from "~/lib/forms/event-schema";
import { useAppForm, type FormReply, type FormValues } from "~/lib/forms/use-app-form";
import { validateWith } from "~/lib/forms/validate";
import { m } from "~/paraglide/messages";

/** The two decisions that take a published event away, each with a reason everyone affected reads. */
export type ReasonIntent = "unpublish" | "cancel";

/** What each decision asks, says and does: in the dialog and on the page without JavaScript alike. */
export type ReasonDecisionText = {
  /** The button that starts it ("Unpublish…"). */
  start: string;
  question: string;
  consequence: string;
  reasonHint: string;
  confirmLabel: string;
  submit: string;
  busy: string;
};

const validateReason = validateWith(eventReasonSchema);

/**
 * The form of a decision with a reason: the reason, a box to tick to confirm, and the
 * event's version as the admin loaded it. Its own form, posted to the review page.
 */
export function ReasonForm({
  intent,
  version,
  text,
  lastResult,
  keep,
}: {
  intent: ReasonIntent;
  version: number;
  text: ReasonDecisionText;
  lastResult?: FormReply;
  /** The way back without deciding. */
  keep: ReactNode;
}) {
  const [form, fields] = useAppForm<FormValues<typeof eventReasonSchema>>(intent, {
    lastResult,
    validate: validateReason,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <FormErrors form={form} className="mt-0" />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="version" value={String(version)} />
      <TextAreaField field={fields.reason} label={m.review_reason()} hint={text.reasonHint} required />
      <CheckboxField field={fields.confirm} label={text.confirmLabel} required />
      <div className="flex flex-wrap gap-2">
        <SubmitButton variant="destructive" pending={{ intent }} pendingLabel={text.busy}>
          {text.submit}
        </SubmitButton>
        {keep}
      </div>
    </Form>
  );
}
