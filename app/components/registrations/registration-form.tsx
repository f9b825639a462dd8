import { Form, Link } from "react-router";
import { FormNotice } from "~/components/auth/auth-layout";
import { Button } from "~/components/ui/button";
import { CheckboxField, TextAreaField, TextField } from "~/components/ui/form-field";
import { rosterFieldName } from "~/lib/forms/registration-schema";

type RegistrationFormProps = {
  /** Generated on the server for this render, so submitting the form twice books one team. */
  idempotencyKey: string;
  teamSize: number;
  /** Typed values to show again after a refused submit. */
  values: Record<string, string>;
  /** Each field's message; `roster` is shown above the roster, `form` above the form. */
  errors: Record<string, string>;
  /** The event is full: the submit joins the waitlist. */
  waitlist: boolean;
  deadline: string;
  busy: boolean;
};

const fieldsetClass = "grid gap-5 rounded-lg border border-slate-200 p-4 sm:grid-cols-2 sm:p-6";
const legendClass = "px-1 text-lg font-semibold text-navy-900";

/** The team registration form: team, billing, captain, roster, notes and the event's terms. */
export function RegistrationForm({
  idempotencyKey,
  teamSize,
  values,
  errors,
  waitlist,
  deadline,
  busy,
}: RegistrationFormProps) {
  const rosterErrorId = "roster-error";
  return (
    <Form method="post" noValidate className="mt-8 space-y-8">
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      {waitlist && <input type="hidden" name="joinWaitlist" value="true" />}
      {errors.form && <FormNotice tone="error">{errors.form}</FormNotice>}

      <fieldset className={fieldsetClass}>
        <legend className={legendClass}>Team</legend>
        <TextField
          label="Team name"
          name="teamName"
          defaultValue={values.teamName}
          error={errors.teamName}
          required
        />
        <TextField
          label="Company"
          name="company"
          autoComplete="organization"
          defaultValue={values.company}
          error={errors.company}
          required
        />
      </fieldset>

      <fieldset className={fieldsetClass}>
        <legend className={legendClass}>Billing details</legend>
        <TextField
          label="Company name for the invoice"
          name="billingCompany"
          autoComplete="organization"
          defaultValue={values.billingCompany}
          error={errors.billingCompany}
          className="sm:col-span-2"
          required
        />
        <TextField
          label="CVR number"
          name="cvr"
          inputMode="numeric"
          hint="8 digits"
          defaultValue={values.cvr}
          error={errors.cvr}
          required
        />
        <TextField
          label="EAN number"
          name="ean"
          inputMode="numeric"
          hint="13 digits, for public institutions"
          optional
          defaultValue={values.ean}
          error={errors.ean}
        />
        <TextField
          label="PO reference"
          name="poReference"
          optional
          defaultValue={values.poReference}
          error={errors.poReference}
        />
        <TextField
          label="Billing email"
          name="billingEmail"
          type="email"
          autoComplete="email"
          defaultValue={values.billingEmail}
          error={errors.billingEmail}
          required
        />
      </fieldset>

      <fieldset className={fieldsetClass}>
        <legend className={legendClass}>Team captain</legend>
        <TextField
          label="Captain's name"
          name="captainName"
          autoComplete="name"
          defaultValue={values.captainName}
          error={errors.captainName}
          className="sm:col-span-2"
          required
        />
        <TextField
          label="Captain's email"
          name="captainEmail"
          type="email"
          autoComplete="email"
          defaultValue={values.captainEmail}
          error={errors.captainEmail}
          required
        />
        <TextField
          label="Captain's phone"
          name="captainPhone"
          type="tel"
          autoComplete="tel"
          defaultValue={values.captainPhone}
          error={errors.captainPhone}
          required
        />
      </fieldset>

      <fieldset
        className="rounded-lg border border-slate-200 p-4 sm:p-6"
        aria-describedby={errors.roster ? `roster-hint ${rosterErrorId}` : "roster-hint"}
      >
        <legend className={legendClass}>Team roster</legend>
        <p id="roster-hint" className="text-sm text-slate-600">
          Up to {teamSize} members. The roster may be left partly empty: it can be completed later in My
          Bookings, until the registration deadline ({deadline}).
        </p>
        {errors.roster && (
          <p id={rosterErrorId} role="alert" className="mt-3 rounded-md bg-red-50 p-3 text-sm text-red-800">
            {errors.roster}
          </p>
        )}
        <ol className="mt-4 space-y-4">
          {Array.from({ length: teamSize }, (_, index) => {
            const nameField = rosterFieldName(index, "name");
            const emailField = rosterFieldName(index, "email");
            return (
              <li key={index} className="grid gap-3 sm:grid-cols-2">
                <TextField
                  label={`Member ${index + 1} name`}
                  name={nameField}
                  autoComplete="off"
                  optional
                  defaultValue={values[nameField]}
                  error={errors[nameField]}
                />
                <TextField
                  label={`Member ${index + 1} email`}
                  name={emailField}
                  type="email"
                  autoComplete="off"
                  optional
                  defaultValue={values[emailField]}
                  error={errors[emailField]}
                />
              </li>
            );
          })}
        </ol>
      </fieldset>

      <TextAreaField
        label="Notes"
        name="notes"
        optional
        hint="For example dietary needs"
        defaultValue={values.notes}
        error={errors.notes}
      />

      <CheckboxField
        name="acceptTerms"
        defaultChecked={values.acceptTerms === "on"}
        error={errors.acceptTerms}
        label={
          <>
            I accept the event&apos;s{" "}
            <Link to="/terms" className="text-water-600 underline">
              terms and conditions
            </Link>
          </>
        }
      />

      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={busy}>
        {busy ? "Sending..." : waitlist ? "Join the waitlist" : "Register team"}
      </Button>
    </Form>
  );
}
