import { TextField, type FormFieldMeta } from "~/components/ui/form-field";

/** A new password typed twice, as sign-up, a reset and an invitation ask for it. */
export function NewPasswordFields({
  fields,
  label = "Password",
}: {
  fields: { password: FormFieldMeta; confirmPassword: FormFieldMeta };
  label?: string;
}) {
  return (
    <>
      <TextField field={fields.password} label={label} type="password" autoComplete="new-password" required />
      <TextField
        field={fields.confirmPassword}
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        required
      />
    </>
  );
}
