import { getFormProps } from "@conform-to/react";
import { Form, Link } from "react-router";
import { AccountSubmit } from "~/components/auth/account-submit";
import { FormErrors } from "~/components/forms/form-errors";
import { NewPasswordFields } from "~/components/forms/new-password-fields";
import { PersonNameFields } from "~/components/forms/person-name-fields";
import { CheckboxField, TextField } from "~/components/ui/form-field";
import { signupSchema } from "~/lib/forms/account-schemas";
import { useAppForm, type FormReply, type FormValues } from "~/lib/forms/use-app-form";
import { validateWith } from "~/lib/forms/validate";
import { localizedPath } from "~/lib/i18n/locale";
import { m } from "~/paraglide/messages";

const validate = validateWith(signupSchema);

/** The sign-up form with its error summary; loaded as the page hydrates (routes/signup.tsx). */
export function SignupForm({ reply }: { reply: FormReply | null | undefined }) {
  const [form, fields] = useAppForm<FormValues<typeof signupSchema>>("signup", {
    lastResult: reply,
    validate,
  });
  return (
    <>
      <FormErrors form={form} />
      <Form method="post" {...getFormProps(form)} className="mt-8 space-y-5">
        <PersonNameFields fields={fields} />
        <TextField field={fields.email} label={m.form_email()} type="email" autoComplete="email" required />
        <TextField field={fields.company} label={m.form_company()} optional autoComplete="organization" />
        <NewPasswordFields fields={fields} />
        <CheckboxField
          field={fields.acceptTerms}
          label={
            <>
              {m.signup_accept_terms()}{" "}
              <Link to={localizedPath("/terms")} className="text-water-600 underline">
                {m.signup_terms_link()}
              </Link>
            </>
          }
        />
        <AccountSubmit action="/signup" pendingLabel={m.signup_submit_pending()}>
          {m.signup_submit()}
        </AccountSubmit>
      </Form>
    </>
  );
}
