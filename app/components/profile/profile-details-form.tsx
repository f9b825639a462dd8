import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { FormErrors } from "~/components/forms/form-errors";
import { PersonNameFields } from "~/components/forms/person-name-fields";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/form-field";
import { profileSchema } from "~/lib/forms/account-schemas";
import { useAppForm, type FormReply, type FormValues } from "~/lib/forms/use-app-form";
import { validateWith } from "~/lib/forms/validate";
import { PROFILE_PATH } from "./paths";

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
    <Form method="post" action={PROFILE_PATH} {...getFormProps(form)} className="space-y-5">
      <input type="hidden" name="intent" value="profile" />
      <FormErrors form={form} className="mt-0" />
      <PersonNameFields fields={fields} />
      <TextField field={fields.company} label="Company" optional autoComplete="organization" />
      <Button type="submit" disabled={busy}>
        {busy ? "Saving..." : "Save changes"}
      </Button>
    </Form>
  );
}
