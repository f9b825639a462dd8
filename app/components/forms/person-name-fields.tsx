import { TextField } from "~/components/ui/form-field";

/** First and last name side by side, as sign-up and the profile ask for them. */
export function PersonNameFields({
  values,
  errors,
}: {
  values: Record<string, string | undefined>;
  errors: Record<string, string | undefined>;
}) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <TextField
        label="First Name"
        name="firstName"
        autoComplete="given-name"
        defaultValue={values.firstName}
        error={errors.firstName}
        required
      />
      <TextField
        label="Last Name"
        name="lastName"
        autoComplete="family-name"
        defaultValue={values.lastName}
        error={errors.lastName}
        required
      />
    </div>
  );
}
