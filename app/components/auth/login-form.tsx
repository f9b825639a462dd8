import { getFormProps } from "@conform-to/react";
import { Form, Link } from "react-router";
import { AccountSubmit } from "~/components/auth/account-submit";
import { FormNotice } from "~/components/auth/auth-layout";
import { FormErrors } from "~/components/forms/form-errors";
import { TextField } from "~/components/ui/form-field";
import { Button } from "~/components/ui/button";
import { loginSchema } from "~/lib/forms/account-schemas";
import { useAppForm, type FormReply, type FormValues } from "~/lib/forms/use-app-form";
import { validateWith } from "~/lib/forms/validate";
import { localizedPath } from "~/lib/i18n/locale";
import { m } from "~/paraglide/messages";

const validate = validateWith(loginSchema);

/** The sign-in form with its error summary; loaded as the page hydrates (routes/login.tsx). */
export function LoginForm({
  reply,
  redirectTo,
}: {
  /** The action's refusal; `reason` tells an unverified account, which may ask for a new link. */
  reply: (FormReply & { reason?: string | null }) | null | undefined;
  redirectTo: string | null;
}) {
  const [form, fields] = useAppForm<FormValues<typeof loginSchema>>("login", {
    lastResult: reply,
    validate,
  });

  return (
    <>
      <FormErrors form={form} />
      {reply?.reason === "unverified" && (
        <FormNotice tone="error">
          <p>{m.login_unverified()}</p>
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="resend-verification" />
            <input type="hidden" name="email" value={String(reply.initialValue?.email ?? "")} />
            <Button type="submit" variant="outline" size="sm">
              {m.login_resend_verification()}
            </Button>
          </Form>
        </FormNotice>
      )}
      <Form method="post" {...getFormProps(form)} className="mt-8 space-y-5">
        {redirectTo && <input type="hidden" name="redirectTo" value={redirectTo} />}
        <TextField field={fields.email} label={m.form_email()} type="email" autoComplete="email" required />
        <div>
          <TextField
            field={fields.password}
            label={m.form_password()}
            type="password"
            autoComplete="current-password"
            required
          />
          <p className="mt-2 text-right text-sm">
            <Link to={localizedPath("/forgot-password")} className="text-water-600 hover:underline">
              {m.login_forgot_password()}
            </Link>
          </p>
        </div>
        <AccountSubmit action="/login" pendingLabel={m.login_submit_pending()}>
          {m.login_submit()}
        </AccountSubmit>
      </Form>
    </>
  );
}
