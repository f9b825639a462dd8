import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { FormErrors } from "~/components/forms/form-errors";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/form-field";
import { changePasswordSchema, MIN_PASSWORD_LENGTH } from "~/lib/forms/account-schemas";
import { useAppForm, type FormReply, type FormValues } from "~/lib/forms/use-app-form";
import { validateWith } from "~/lib/forms/validate";
import { PROFILE_PATH } from "./paths";

const validate = validateWith(changePasswordSchema);

/** Passwords are never sent back by the server, so the fields always start empty. */
export function ChangePasswordForm({
  lastResult,
  busy,
}: {
  lastResult: FormReply | undefined;
  busy: boolean;
}) {
  const [form, fields] = useAppForm<FormValues<typeof changePasswordSchema>>("password", {
    lastResult,
    validate,
  });
  return (
    <Form method="post" action={PROFILE_PATH} {...getFormProps(form)} className="space-y-5">
      <input type="hidden" name="intent" value="password" />
      <FormErrors form={form} className="mt-0" />
      <TextField
        field={fields.currentPassword}
        label="Current Password"
        type="password"
        autoComplete="current-password"
        required
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          field={fields.newPassword}
          label="New Password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
          required
        />
        <TextField
          field={fields.confirmPassword}
          label="Confirm New Password"
          type="password"
          autoComplete="new-password"
          required
        />
      </div>
      <Button type="submit" disabled={busy}>
        {busy ? "Changing password..." : "Change password"}
      </Button>
    </Form>
  );
}
