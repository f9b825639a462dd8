import { getFormProps } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { FormErrors } from "~/components/forms/form-errors";
import { SenderFields } from "~/components/forms/message-form";
import { Button } from "~/components/ui/button";
import { HoneypotField, TextAreaField, TextField } from "~/components/ui/form-field";
import type { contactSchema } from "~/lib/forms/contact-schema";
import { MESSAGE_HONEYPOT } from "~/lib/forms/honeypot";
import { useAppForm, type FormReply, type FormValues } from "~/lib/forms/use-app-form";

/** The contact form with its error summary; loaded as the page hydrates (routes/contact.tsx). */
export function ContactForm({ reply }: { reply: FormReply | null | undefined }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === "/contact";
  const [form, fields] = useAppForm<FormValues<typeof contactSchema>>("contact", { lastResult: reply });
  return (
    <>
      <FormErrors form={form} />
      <Form method="post" {...getFormProps(form)} className="relative mt-8 grid gap-5 sm:grid-cols-2">
        <SenderFields fields={fields} />
        <TextField field={fields.subject} label="Subject" required />
        <TextAreaField field={fields.message} label="Message" className="sm:col-span-2" required />
        <HoneypotField name={MESSAGE_HONEYPOT} />
        <div className="sm:col-span-2">
          <Button type="submit" size="lg" disabled={busy}>
            {busy ? "Sending..." : "Send message"}
          </Button>
        </div>
      </Form>
    </>
  );
}
