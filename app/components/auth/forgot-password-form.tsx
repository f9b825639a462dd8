import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { AccountSubmit } from "~/components/auth/account-submit";
import { FormErrors } from "~/components/forms/form-errors";
import { TextField } from "~/components/ui/form-field";
import { forgotPasswordSchema } from "~/lib/forms/account-schemas";
import { useAppForm, type FormReply, type FormValues } from "~/lib/forms/use-app-form";
import { validateWith } from "~/lib/forms/validate";
import { m } from "~/paraglide/messages";

const validate = validateWith(forgotPasswordSchema);

/** The form that asks for a reset link; loaded as the page hydrates (routes/forgot-password.tsx). */
export function ForgotPasswordForm({ reply }: { reply: FormReply | null | undefined }) {
  const [form, fields] = useAppForm<FormValues<typeof forgotPasswordSchema>>("forgot-password", {
    lastResult: reply,
    validate,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-8 space-y-5">
      <FormErrors form={form} className="mt-0" />
      <TextField field={fields.email} label={m.form_email()} type="email" autoComplete="email" required />
      <AccountSubmit action="/forgot-password" pendingLabel={m.password_forgot_submit_pending()}>
        {m.password_forgot_submit()}
      </AccountSubmit>
    </Form>
  );
}
