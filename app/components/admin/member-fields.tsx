import { TextField, type FormFieldMeta } from "~/components/ui/form-field";

/** The person invited to manage a partner: email and name. */
export function MemberFields({
  fields,
}: {
  fields: { memberEmail: FormFieldMeta; memberFirstName: FormFieldMeta; memberLastName: FormFieldMeta };
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <TextField field={fields.memberEmail} label="Email" type="email" autoComplete="off" />
      <TextField field={fields.memberFirstName} label="First name" autoComplete="off" />
      <TextField field={fields.memberLastName} label="Last name" autoComplete="off" />
    </div>
  );
}
