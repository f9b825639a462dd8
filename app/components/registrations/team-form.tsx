import { FormProvider, getFormProps, useField, type FormMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { FormErrors } from "~/components/forms/form-errors";
import { FormSection } from "~/components/forms/form-section";
import { ListFieldset } from "~/components/forms/list-controls";
import { Button } from "~/components/ui/button";
import { CheckboxField, TextAreaField, TextField } from "~/components/ui/form-field";
import { useAppForm, type FormReply } from "~/lib/forms/use-app-form";
import type { BrowserCheck } from "~/lib/forms/validate";
import { localizedPath } from "~/lib/i18n/locale";
import { m } from "~/paraglide/messages";
import type { PaymentMethod } from "~/lib/billing/ways-to-pay";
import { PaymentChoice } from "./payment-choice";

/** The team form's fields as the page sends them (see app/lib/forms/registration-schema.ts). */
export type TeamFormValues = {
  teamName: string;
  company: string;
  billingCompany: string;
  billingAddressLine: string;
  billingPostalCode: string;
  billingCity: string;
  cvr: string;
  ean: string;
  poReference: string;
  personReference: string;
  billingEmail: string;
  captainName: string;
  captainEmail: string;
  captainPhone: string;
  roster: { id?: string; name: string; email: string }[];
  notes: string;
  discountCode?: string;
  acceptTerms?: string;
  paymentMethod?: string;
};

type TeamFields = ReturnType<FormMetadata<TeamFormValues, string[]>["getFieldset"]>;

/**
 * The team, billing, captain, roster and notes of a booking: 'Register Your Team' (with
 * the event's terms) and editing a booking in My Bookings. The roster shows one row per
 * seat, so it can be completed without JavaScript; blank rows are ignored. This file
 * imports no schema: the registration page leaves the checks to the server, and the
 * booking page passes its own `validate`.
 */
export function TeamForm({
  name,
  action,
  lastResult,
  defaultValue,
  validate,
  teamSize,
  rosterHint,
  acceptTerms = false,
  discountCode = false,
  termsNotice,
  paymentMethods,
  submitLabel,
  busyLabel,
  busy,
  children,
}: {
  name: string;
  action?: string;
  lastResult: FormReply | null | undefined;
  /** The stored booking being edited, or what a new registration starts from. */
  defaultValue?: Partial<TeamFormValues>;
  validate?: BrowserCheck;
  teamSize: number;
  rosterHint: string;
  /** Whether the form asks to accept the event's terms (a new registration). */
  acceptTerms?: boolean;
  /** Whether the form takes a discount code: a new registration for a priced event. */
  discountCode?: boolean;
  /** What the person agrees to, shown just before the acceptance and the submit. */
  termsNotice?: ReactNode;
  /** The ways a new booking may be paid; absent when editing one. */
  paymentMethods?: PaymentMethod[];
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  /** Hidden fields that go with the submit. */
  children?: ReactNode;
}) {
  const [form, fields] = useAppForm<TeamFormValues>(name, { lastResult, defaultValue, validate });
  return (
    <FormProvider context={form.context}>
      <Form method="post" action={action} {...getFormProps(form)} className="mt-8 space-y-8">
        {children}
        <FormErrors form={form} />

        <FormSection legend={m.registration_form_team()} plain>
          <TextField field={fields.teamName} label={m.registration_form_team_name()} required />
          <TextField
            field={fields.company}
            label={m.registration_field_company()}
            autoComplete="organization"
            required
          />
        </FormSection>

        <BillingFields fields={fields} />

        <CaptainFields fields={fields} />

        <RosterFields formId={form.id} field={fields.roster} teamSize={teamSize} hint={rosterHint} />

        <TextAreaField
          field={fields.notes}
          label={m.registration_field_notes()}
          optional
          hint={m.registration_form_notes_hint()}
          rows={4}
        />

        {discountCode && (
          <TextField
            field={fields.discountCode}
            label={m.registration_field_discount_code()}
            hint={m.registration_form_discount_code_hint()}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={32}
            optional
          />
        )}

        {paymentMethods && <PaymentChoice field={fields.paymentMethod} methods={paymentMethods} />}

        {termsNotice}

        {acceptTerms && (
          <CheckboxField
            field={fields.acceptTerms}
            label={
              <>
                {m.registration_accept_terms_prefix()}{" "}
                <Link to={localizedPath("/terms")} className="text-water-600 underline">
                  {m.registration_accept_terms_link()}
                </Link>
              </>
            }
          />
        )}

        <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </Button>
      </Form>
    </FormProvider>
  );
}

/** Who is invoiced, and the references their accounts payable need. */
function BillingFields({ fields }: { fields: TeamFields }) {
  return (
    <FormSection legend={m.registration_form_billing()} plain>
      <TextField
        field={fields.billingCompany}
        label={m.registration_form_invoice_company()}
        autoComplete="organization"
        className="sm:col-span-2"
        required
      />
      <TextField
        field={fields.billingAddressLine}
        label={m.registration_field_billing_address()}
        autoComplete="street-address"
        className="sm:col-span-2"
        required
      />
      <TextField
        field={fields.billingPostalCode}
        label={m.registration_field_billing_postal_code()}
        autoComplete="postal-code"
        inputMode="numeric"
        required
      />
      <TextField
        field={fields.billingCity}
        label={m.registration_field_billing_city()}
        autoComplete="address-level2"
        required
      />
      <TextField
        field={fields.cvr}
        label={m.registration_field_cvr()}
        inputMode="numeric"
        hint={m.registration_form_cvr_hint()}
        required
      />
      <TextField
        field={fields.ean}
        label={m.registration_field_ean()}
        inputMode="numeric"
        hint={m.registration_form_ean_hint()}
        optional
      />
      <TextField field={fields.poReference} label={m.registration_field_po()} optional />
      <TextField
        field={fields.personReference}
        label={m.registration_field_person_reference()}
        hint={m.registration_form_person_reference_hint()}
        optional
      />
      <TextField
        field={fields.billingEmail}
        label={m.registration_field_billing_email()}
        type="email"
        autoComplete="email"
        required
      />
    </FormSection>
  );
}

/** The person RCL and the organiser write to about the team. */
function CaptainFields({ fields }: { fields: TeamFields }) {
  return (
    <FormSection legend={m.registration_form_captain()} plain>
      <TextField
        field={fields.captainName}
        label={m.registration_form_captain_name()}
        autoComplete="name"
        className="sm:col-span-2"
        required
      />
      <TextField
        field={fields.captainEmail}
        label={m.registration_form_captain_email()}
        type="email"
        autoComplete="email"
        required
      />
      <TextField
        field={fields.captainPhone}
        label={m.registration_form_captain_phone()}
        type="tel"
        autoComplete="tel"
        required
      />
    </FormSection>
  );
}

/** One row per seat, so the roster can be completed without JavaScript; blank rows are ignored. */
function RosterFields({
  formId,
  field,
  teamSize,
  hint,
}: {
  formId: string;
  field: TeamFields["roster"];
  teamSize: number;
  hint: string;
}) {
  return (
    <ListFieldset field={field} legend={m.registration_form_roster()} plain hint={hint}>
      <ol className="mt-4 space-y-4">
        {Array.from({ length: teamSize }, (_, index) => (
          <RosterRow key={index} formId={formId} list={field.name} index={index} />
        ))}
      </ol>
    </ListFieldset>
  );
}

/**
 * One seat of the roster: `roster[2].name` and `roster[2].email`, both optional, and the
 * stored member's id hidden, so an edited member keeps their seat and link (ADR 038).
 */
function RosterRow({ formId, list, index }: { formId: string; list: string; index: number }) {
  const [id] = useField<string>(`${list}[${index}].id`, { formId });
  const [name] = useField<string>(`${list}[${index}].name`, { formId });
  const [email] = useField<string>(`${list}[${index}].email`, { formId });
  return (
    <li className="grid gap-3 sm:grid-cols-2">
      {typeof id.initialValue === "string" && id.initialValue !== "" ? (
        <input type="hidden" name={id.name} defaultValue={id.initialValue} />
      ) : null}
      <TextField
        field={name}
        label={m.registration_form_member_name({ number: index + 1 })}
        autoComplete="off"
        optional
      />
      <TextField
        field={email}
        label={m.registration_form_member_email({ number: index + 1 })}
        type="email"
        autoComplete="off"
        optional
      />
    </li>
  );
}
