import { useMemo } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/form-field";
import { deleteAccountSchema } from "~/lib/forms/account-schemas";
import type { FieldErrors } from "~/lib/forms/parse";
import { useFormValidation } from "~/lib/forms/use-form-validation";
import { PROFILE_PATH } from "./paths";

/** Typing the address is the confirmation, so it also works without JavaScript. */
export function DeleteAccountForm({
  email,
  values,
  serverErrors,
  busy,
}: {
  email: string;
  values: Record<string, string>;
  serverErrors: FieldErrors;
  busy: boolean;
}) {
  const schema = useMemo(() => deleteAccountSchema(email), [email]);
  const { errors, onSubmit, onChange } = useFormValidation(schema, serverErrors);
  return (
    <Form
      method="post"
      action={PROFILE_PATH}
      noValidate
      onSubmit={onSubmit}
      onChange={onChange}
      className="space-y-5"
    >
      <input type="hidden" name="intent" value="delete" />
      <TextField
        label="Type your email address to confirm"
        name="confirmEmail"
        type="email"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        hint={`Your email address is ${email}.`}
        defaultValue={values.confirmEmail}
        error={errors.confirmEmail}
        required
      />
      <Button
        type="submit"
        disabled={busy}
        className="bg-red-700 text-white hover:bg-red-800 focus-visible:outline-red-700"
      >
        {busy ? "Deleting account..." : "Delete my account"}
      </Button>
    </Form>
  );
}
