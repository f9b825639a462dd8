import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { TextAreaField, TextField } from "~/components/ui/form-field";
import type { FieldErrors } from "~/lib/forms/parse";
import { registrationUpdateSchema, rosterFieldName } from "~/lib/forms/registration-schema";
import { useFormValidation } from "~/lib/forms/use-form-validation";

/**
 * The team, billing, captain, roster and notes of a booking. `values` are the stored
 * ones, or what was typed when saving failed. The roster shows one row per seat, so
 * it can be completed without JavaScript; blank rows are ignored.
 */
export function BookingForm({
  action,
  teamSize,
  values,
  serverErrors,
  busy,
}: {
  action: string;
  teamSize: number;
  values: Record<string, string>;
  serverErrors: FieldErrors;
  busy: boolean;
}) {
  const { errors, onSubmit, onChange } = useFormValidation(registrationUpdateSchema(teamSize), serverErrors);
  const field = (name: string) => ({ name, defaultValue: values[name] ?? "", error: errors[name] });
  return (
    <Form
      method="post"
      action={action}
      noValidate
      onSubmit={onSubmit}
      onChange={onChange}
      className="space-y-6"
    >
      <input type="hidden" name="intent" value="update" />
      {errors.form && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {errors.form}
        </p>
      )}

      <fieldset className="space-y-4">
        <legend className="text-base font-semibold text-navy-900">Team</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Team name" required {...field("teamName")} />
          <TextField label="Company" required autoComplete="organization" {...field("company")} />
        </div>
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="text-base font-semibold text-navy-900">Billing</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Company name for the invoice" required {...field("billingCompany")} />
          <TextField label="CVR number" required inputMode="numeric" hint="8 digits" {...field("cvr")} />
          <TextField
            label="EAN number"
            optional
            inputMode="numeric"
            hint="13 digits, for public institutions"
            {...field("ean")}
          />
          <TextField label="PO reference" optional {...field("poReference")} />
          <TextField
            label="Billing email"
            type="email"
            required
            autoComplete="email"
            className="sm:col-span-2"
            {...field("billingEmail")}
          />
        </div>
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="text-base font-semibold text-navy-900">Team captain</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Captain's name" required autoComplete="name" {...field("captainName")} />
          <TextField
            label="Captain's phone"
            type="tel"
            required
            autoComplete="tel"
            {...field("captainPhone")}
          />
          <TextField
            label="Captain's email"
            type="email"
            required
            autoComplete="email"
            className="sm:col-span-2"
            {...field("captainEmail")}
          />
        </div>
      </fieldset>

      <fieldset className="space-y-3" aria-describedby={errors.roster ? "roster-error" : undefined}>
        <legend className="text-base font-semibold text-navy-900">Roster</legend>
        <p className="text-sm text-slate-600">
          Up to {teamSize} members. Leave a row empty for a seat not yet filled.
        </p>
        {errors.roster && (
          <p id="roster-error" className="text-sm text-red-700">
            {errors.roster}
          </p>
        )}
        <ol className="space-y-3">
          {Array.from({ length: teamSize }, (_, index) => (
            <li key={index} className="grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-2">
              <TextField label={`Member ${index + 1} name`} {...field(rosterFieldName(index, "name"))} />
              <TextField
                label={`Member ${index + 1} email`}
                type="email"
                optional
                {...field(rosterFieldName(index, "email"))}
              />
            </li>
          ))}
        </ol>
      </fieldset>

      <TextAreaField label="Notes" optional hint="For example dietary needs" rows={4} {...field("notes")} />

      <Button type="submit" disabled={busy}>
        {busy ? "Saving..." : "Save changes"}
      </Button>
    </Form>
  );
}
