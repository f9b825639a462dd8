import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { AccountSubmit } from "~/components/auth/account-submit";
import { FormErrors } from "~/components/forms/form-errors";
import { NewPasswordFields } from "~/components/forms/new-password-fields";
import { resetPasswordSchema } from "~/lib/forms/account-schemas";
import { useAppForm, type FormReply, type FormValues } from "~/lib/forms/use-app-form";
import { validateWith } from "~/lib/forms/validate";
import { m } from "~/paraglide/messages";

const validate = validateWith(resetPasswordSchema);

/** The new password's form; loaded as the page hydrates (routes/reset-password.tsx). */
export function ResetPasswordForm({ reply, token }: { reply: FormReply | null | undefined; token: string }) {
  const [form, fields] = useAppForm<FormValues<typeof resetPasswordSchema>>("reset-password", {
    lastResult: reply,
    validate,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-8 space-y-5">
      <FormErrors form={form} />
      <input type="hidden" name="token" value={token} />
      <NewPasswordFields fields={fields} label={m.form_new_password()} />
      <AccountSubmit action="/reset-password" pendingLabel={m.form_saving()}>
        {m.password_reset_submit()}
      </AccountSubmit>
    </Form>
  );
}
