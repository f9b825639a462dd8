import { TextField, type FormFieldMeta } from "~/components/ui/form-field";
import { m } from "~/paraglide/messages";

/** A new password typed twice, as sign-up, a reset, an invitation and a change of password ask for it. */
export function NewPasswordFields({
  fields,
  label = m.form_password(),
  confirmLabel = m.form_confirm_password(),
  hint,
}: {
  fields: { password: FormFieldMeta; confirmPassword: FormFieldMeta };
  label?: string;
  confirmLabel?: string;
  /** What the new password must be ("At least 12 characters."), under its field. */
  hint?: string;
}) {
  return (
    <>
      <TextField
        field={fields.password}
        label={label}
        type="password"
        autoComplete="new-password"
        hint={hint}
        required
      />
      <TextField
        field={fields.confirmPassword}
        label={confirmLabel}
        type="password"
        autoComplete="new-password"
        required
      />
    </>
  );
}
