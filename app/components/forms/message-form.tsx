import { TextField, type FormFieldMeta } from "~/components/ui/form-field";

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
      <TextField field={fields.name} label="Name" autoComplete="name" required />
      <TextField field={fields.email} label="Email" type="email" autoComplete="email" required />
      <TextField
        field={fields.company}
        label="Company"
        optional
        autoComplete="organization"
        className={companyClassName}
      />
    </>
  );
}
