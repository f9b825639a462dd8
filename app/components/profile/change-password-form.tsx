import { IntentForm } from "~/components/forms/intent-form";
import { NewPasswordFields } from "~/components/forms/new-password-fields";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/form-field";
import { changePasswordSchema, MIN_PASSWORD_LENGTH } from "~/lib/forms/account-schemas";
import { useAppForm, type FormReply, type FormValues } from "~/lib/forms/use-app-form";
import { validateWith } from "~/lib/forms/validate";
import { PROFILE_PATH } from "~/lib/paths";

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
    <IntentForm form={form} action={PROFILE_PATH} intent="password" className="space-y-5">
      <TextField
        field={fields.currentPassword}
        label="Current Password"
        type="password"
        autoComplete="current-password"
        required
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <NewPasswordFields
          fields={{ password: fields.newPassword, confirmPassword: fields.confirmPassword }}
          label="New Password"
          confirmLabel="Confirm New Password"
          hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
        />
      </div>
      <Button type="submit" disabled={busy}>
        {busy ? "Changing password..." : "Change password"}
      </Button>
    </IntentForm>
  );
}
