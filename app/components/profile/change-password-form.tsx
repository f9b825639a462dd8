import { IntentForm } from "~/components/forms/intent-form";
import { NewPasswordFields } from "~/components/forms/new-password-fields";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/form-field";
import { changePasswordSchema, MIN_PASSWORD_LENGTH } from "~/lib/forms/account-schemas";
import { useAppForm, type FormReply, type FormValues } from "~/lib/forms/use-app-form";
import { validateWith } from "~/lib/forms/validate";
import { PROFILE_PATH } from "~/lib/paths";
import { m } from "~/paraglide/messages";

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
        label={m.profile_current_password()}
        type="password"
        autoComplete="current-password"
        required
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <NewPasswordFields
          fields={{ password: fields.newPassword, confirmPassword: fields.confirmPassword }}
          label={m.profile_new_password()}
          confirmLabel={m.profile_confirm_new_password()}
          hint={m.profile_password_hint({ count: MIN_PASSWORD_LENGTH })}
        />
      </div>
      <Button type="submit" disabled={busy}>
        {busy ? m.profile_change_password_pending() : m.profile_change_password()}
      </Button>
    </IntentForm>
  );
}
