import { TextField, type FormFieldMeta } from "~/components/ui/form-field";
import { m } from "~/paraglide/messages";

/** Who is writing: the name, email and optional company that every message form asks for. */
export function SenderFields({
  fields,
  companyClassName,
}: {
  fields: { name: FormFieldMeta; email: FormFieldMeta; company: FormFieldMeta };
  companyClassName?: string;
}) {
  return (
    <>
      <TextField field={fields.name} label={m.form_name()} autoComplete="name" required />
      <TextField field={fields.email} label={m.form_email()} type="email" autoComplete="email" required />
      <TextField
        field={fields.company}
        label={m.form_company()}
        optional
        autoComplete="organization"
        className={companyClassName}
      />
    </>
  );
}
