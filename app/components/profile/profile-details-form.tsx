import { Form } from "react-router";
import { PersonNameFields } from "~/components/forms/person-name-fields";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/form-field";
import { profileSchema } from "~/lib/forms/account-schemas";
import type { FieldErrors } from "~/lib/forms/parse";
import { useFormValidation } from "~/lib/forms/use-form-validation";
import { PROFILE_PATH } from "./paths";

/** Names and company; `values` are the saved ones, or what was typed when saving failed. */
export function ProfileDetailsForm({
  values,
  serverErrors,
  busy,
}: {
  values: Record<string, string>;
  serverErrors: FieldErrors;
  busy: boolean;
}) {
  const { errors, onSubmit, onChange } = useFormValidation(profileSchema, serverErrors);
  return (
    <Form
      method="post"
      action={PROFILE_PATH}
      noValidate
      onSubmit={onSubmit}
      onChange={onChange}
      className="space-y-5"
    >
      <input type="hidden" name="intent" value="profile" />
      <PersonNameFields values={values} errors={errors} />
      <TextField
        label="Company"
        name="company"
        optional
        autoComplete="organization"
        defaultValue={values.company}
        error={errors.company}
      />
      <Button type="submit" disabled={busy}>
        {busy ? "Saving..." : "Save changes"}
      </Button>
    </Form>
  );
}
