import { IntentForm } from "~/components/forms/intent-form";
import { PersonNameFields } from "~/components/forms/person-name-fields";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/form-field";
import { profileSchema } from "~/lib/forms/account-schemas";
import { useAppForm, type FormReply, type FormValues } from "~/lib/forms/use-app-form";
import { validateWith } from "~/lib/forms/validate";
import { PROFILE_PATH } from "~/lib/paths";
import { m } from "~/paraglide/messages";

const validate = validateWith(profileSchema);

/** Names and company; they start from the saved ones, or what was typed when saving failed. */
export function ProfileDetailsForm({
  saved,
  lastResult,
  busy,
}: {
  saved: { firstName: string; lastName: string; company: string };
  lastResult: FormReply | undefined;
  busy: boolean;
}) {
  const [form, fields] = useAppForm<FormValues<typeof profileSchema>>("profile", {
    lastResult,
    defaultValue: saved,
    validate,
  });
  return (
    <IntentForm form={form} action={PROFILE_PATH} intent="profile" className="space-y-5">
      <PersonNameFields fields={fields} />
      <TextField field={fields.company} label={m.form_company()} optional autoComplete="organization" />
      <Button type="submit" disabled={busy}>
        {busy ? m.form_saving() : m.profile_save()}
      </Button>
    </IntentForm>
  );
}
