import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { FormErrors } from "~/components/forms/form-errors";
import { SenderFields } from "~/components/forms/message-form";
import { HoneypotField, TextAreaField, TextField } from "~/components/ui/form-field";
import { SubmitButton } from "~/components/ui/submit-button";
import type { contactSchema } from "~/lib/forms/contact-schema";
import { MESSAGE_HONEYPOT } from "~/lib/forms/honeypot";
import { localizedPath } from "~/lib/i18n/locale";
import { useAppForm, type FormReply, type FormValues } from "~/lib/forms/use-app-form";
import { m } from "~/paraglide/messages";

/** The contact form with its error summary; loaded as the page hydrates (routes/contact.tsx). */
export function ContactForm({ reply }: { reply: FormReply | null | undefined }) {
  const [form, fields] = useAppForm<FormValues<typeof contactSchema>>("contact", { lastResult: reply });
  return (
    <>
      <FormErrors form={form} />
      <Form method="post" {...getFormProps(form)} className="relative mt-8 grid gap-5 sm:grid-cols-2">
        <SenderFields fields={fields} />
        <TextField field={fields.subject} label={m.contact_subject()} required />
        <TextAreaField
          field={fields.message}
          label={m.contact_message()}
          className="sm:col-span-2"
          required
        />
        <HoneypotField name={MESSAGE_HONEYPOT} />
        <div className="sm:col-span-2">
          <SubmitButton
            size="lg"
            pending={{ formAction: localizedPath("/contact") }}
            pendingLabel={m.contact_sending()}
          >
            {m.contact_send()}
          </SubmitButton>
        </div>
      </Form>
    </>
  );
}
