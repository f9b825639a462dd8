import { getFormProps } from "@conform-to/react";
import { Form, useLocation } from "react-router";
import { FormErrors } from "~/components/forms/form-errors";
import { SenderFields } from "~/components/forms/message-form";
import { HoneypotField, TextAreaField, TextField } from "~/components/ui/form-field";
import { SubmitButton } from "~/components/ui/submit-button";
import { MESSAGE_HONEYPOT } from "~/lib/forms/honeypot";
import type { partnerInquirySchema } from "~/lib/forms/partner-inquiry-schema";
import { useAppForm, type FormReply, type FormValues } from "~/lib/forms/use-app-form";
import { m } from "~/paraglide/messages";

/** The inquiry to a partner with its error summary; loaded as the page hydrates (routes/partners.$slug.inquire.tsx). */
export function PartnerInquiryForm({ reply }: { reply: FormReply | null | undefined }) {
  // The form posts to its own page.
  const { pathname } = useLocation();
  const [form, fields] = useAppForm<FormValues<typeof partnerInquirySchema>>("inquiry", {
    lastResult: reply,
  });
  return (
    <>
      <FormErrors form={form} />
      <Form method="post" {...getFormProps(form)} className="relative mt-8 grid gap-5 sm:grid-cols-2">
        <SenderFields fields={fields} companyClassName="sm:col-span-2" />
        <TextField field={fields.preferredDate} label={m.inquiry_preferred_date()} type="date" optional />
        <TextField
          field={fields.groupSize}
          label={m.inquiry_group_size()}
          type="number"
          inputMode="numeric"
          min={1}
          optional
        />
        <TextAreaField
          field={fields.message}
          label={m.inquiry_message()}
          className="sm:col-span-2"
          required
        />
        <HoneypotField name={MESSAGE_HONEYPOT} />
        <div className="sm:col-span-2">
          <SubmitButton size="lg" pending={{ formAction: pathname }} pendingLabel={m.inquiry_sending()}>
            {m.inquiry_send()}
          </SubmitButton>
        </div>
      </Form>
    </>
  );
}
