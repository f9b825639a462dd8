import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { FormErrors } from "~/components/forms/form-errors";
import { SubmitButton } from "~/components/ui/submit-button";
import { TextAreaField } from "~/components/ui/form-field";
import { inquiryReplySchema } from "~/lib/forms/inquiry-reply-schema";
import { useAppForm, type FormReply, type FormValues } from "~/lib/forms/use-app-form";
import { validateWith } from "~/lib/forms/validate";
import { m } from "~/paraglide/messages";

const validateReply = validateWith(inquiryReplySchema);

/**
 * The partner's answer, as plain text: mailed to the visitor with their message quoted
 * below it. After a refusal the text comes back as it was typed.
 */
export function InquiryReplyForm({
  action,
  visitorEmail,
  replyTo,
  answered,
  lastResult,
}: {
  action: string;
  visitorEmail: string;
  /** Where the visitor's answer will go. */
  replyTo: string;
  answered: boolean;
  lastResult?: FormReply;
}) {
  const [form, fields] = useAppForm<FormValues<typeof inquiryReplySchema>>("inquiry-reply", {
    lastResult,
    validate: validateReply,
  });
  return (
    <Form
      method="post"
      action={action}
      {...getFormProps(form)}
      className="space-y-4 rounded-lg border border-slate-200 p-5"
    >
      <h2 className="text-lg font-semibold text-navy-900">
        {answered ? m.inquiry_reply_another() : m.inquiry_reply_heading()}
      </h2>
      <FormErrors form={form} className="mt-0" />
      <input type="hidden" name="intent" value="reply" />
      <TextAreaField
        field={fields.reply}
        label={m.inquiry_reply_label()}
        hint={`${m.inquiry_reply_hint({ email: visitorEmail, replyTo })}${
          answered ? m.inquiry_reply_hint_latest() : ""
        }`}
        rows={10}
        required
      />
      <SubmitButton pending={{ formAction: action, intent: "reply" }} pendingLabel={m.inquiry_sending()}>
        {m.inquiry_reply_send()}
      </SubmitButton>
    </Form>
  );
}
