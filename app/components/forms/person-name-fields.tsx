import { TextField, type FormFieldMeta } from "~/components/ui/form-field";
import { m } from "~/paraglide/messages";

/** First and last name side by side, as sign-up and the profile ask for them. */
export function PersonNameFields({
  fields,
}: {
  fields: { firstName: FormFieldMeta; lastName: FormFieldMeta };
}) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <TextField field={fields.firstName} label={m.form_first_name()} autoComplete="given-name" required />
      <TextField field={fields.lastName} label={m.form_last_name()} autoComplete="family-name" required />
    </div>
  );
}
