import { useMemo } from "react";
import { IntentForm } from "~/components/forms/intent-form";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/form-field";
import { deleteAccountSchema } from "~/lib/forms/account-schemas";
import { useAppForm, type FormReply } from "~/lib/forms/use-app-form";
import { validateWith } from "~/lib/forms/validate";
import { PROFILE_PATH } from "~/lib/paths";
import { m } from "~/paraglide/messages";

/**
 * Typing the address is the confirmation, so it also works without JavaScript; the current
 * password proves that the person at the keyboard owns the account. The server never sends
 * the password back, so that field always starts empty.
 */
export function DeleteAccountForm({
  email,
  lastResult,
  busy,
}: {
  email: string;
  lastResult: FormReply | undefined;
  busy: boolean;
}) {
  const validate = useMemo(() => validateWith(deleteAccountSchema(email)), [email]);
  const [form, fields] = useAppForm<{ confirmEmail: string; password: string }>("delete-account", {
    lastResult,
    validate,
  });
  return (
    <IntentForm form={form} action={PROFILE_PATH} intent="delete" className="space-y-5">
      <TextField
        field={fields.confirmEmail}
        label={m.profile_delete_confirm_label()}
        type="email"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        hint={m.profile_delete_email_hint({ email })}
        required
      />
      <TextField
        field={fields.password}
        label={m.profile_delete_password_label()}
        type="password"
        autoComplete="current-password"
        required
      />
      <Button type="submit" disabled={busy} variant="destructive" className="focus-visible:outline-red-700">
        {busy ? m.profile_delete_pending() : m.profile_delete_submit()}
      </Button>
    </IntentForm>
  );
}
