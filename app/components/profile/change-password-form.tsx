import { useEffect, useRef } from "react";
import { Form } from "react-router";
import { FormNotice } from "~/components/auth/auth-layout";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/form-field";
import { changePasswordSchema, MIN_PASSWORD_LENGTH } from "~/lib/forms/account-schemas";
import type { FieldErrors } from "~/lib/forms/parse";
import { useFormValidation } from "~/lib/forms/use-form-validation";
import { PROFILE_PATH } from "./paths";

export const PASSWORD_CHANGED = "Your password has been changed. You have been signed out on other devices.";

/** Passwords are never sent back by the server, so the fields always start empty. */
export function ChangePasswordForm({
  serverErrors,
  formError,
  changed,
  busy,
}: {
  serverErrors: FieldErrors;
  formError: string | null;
  changed: boolean;
  busy: boolean;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const { errors, onSubmit, onChange } = useFormValidation(changePasswordSchema, serverErrors);

  useEffect(() => {
    if (changed) formRef.current?.reset();
  }, [changed]);

  return (
    <Form
      ref={formRef}
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
      {changed && (
        <p role="status" className="rounded-md bg-teal-accent/10 p-3 text-sm text-teal-900">
          {PASSWORD_CHANGED}
        </p>
      )}
      <Button type="submit" disabled={busy}>
        {busy ? "Changing password..." : "Change password"}
      </Button>
    </Form>
  );
}
