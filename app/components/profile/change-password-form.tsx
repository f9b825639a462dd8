import { Form } from "react-router";
import { FormNotice } from "~/components/auth/auth-layout";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/form-field";
import { changePasswordSchema, MIN_PASSWORD_LENGTH } from "~/lib/forms/account-schemas";
import type { FieldErrors } from "~/lib/forms/parse";
import { useFormValidation } from "~/lib/forms/use-form-validation";
import { PROFILE_PATH } from "./paths";

/**
 * Passwords are never sent back by the server, so the fields always start empty; after
 * a change the page redirects with a toast and gives the form a new key, which empties it.
 */
export function ChangePasswordForm({
  serverErrors,
  formError,
  busy,
}: {
  serverErrors: FieldErrors;
  formError: string | null;
  busy: boolean;
}) {
  const { errors, onSubmit, onChange } = useFormValidation(changePasswordSchema, serverErrors);

  return (
    <Form
      method="post"
      action={PROFILE_PATH}
      noValidate
      onSubmit={onSubmit}
      onChange={onChange}
      className="space-y-5"
    >
      <input type="hidden" name="intent" value="password" />
      {formError && <FormNotice tone="error">{formError}</FormNotice>}
      <TextField
        label="Current Password"
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        error={errors.currentPassword}
        required
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="New Password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
          error={errors.newPassword}
          required
        />
        <TextField
          label="Confirm New Password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword}
          required
        />
      </div>
      <Button type="submit" disabled={busy}>
        {busy ? "Changing password..." : "Change password"}
      </Button>
    </Form>
  );
}
