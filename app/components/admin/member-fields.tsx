import { TextField, type FormFieldMeta } from "~/components/ui/form-field";
import { m } from "~/paraglide/messages";

/** The person invited to manage a partner: email and name. */
export function MemberFields({
  fields,
}: {
  fields: { memberEmail: FormFieldMeta; memberFirstName: FormFieldMeta; memberLastName: FormFieldMeta };
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <TextField field={fields.memberEmail} label={m.admin_member_email()} type="email" autoComplete="off" />
      <TextField field={fields.memberFirstName} label={m.admin_member_first_name()} autoComplete="off" />
      <TextField field={fields.memberLastName} label={m.admin_member_last_name()} autoComplete="off" />
    </div>
  );
}
