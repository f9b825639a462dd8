import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import type * as z from "zod/mini";
import type { BillingProfileRow } from "#server/billing/queries";
import { FormErrors } from "~/components/forms/form-errors";
import { FormSection } from "~/components/forms/form-section";
import { TextField } from "~/components/ui/form-field";
import { SubmitButton } from "~/components/ui/submit-button";
import { PAYMENT_TERMS_DAYS } from "~/lib/forms/billing-fields";
import { billingProfileSchema } from "~/lib/forms/billing-profile-schema";
import { useAppForm, type FormReply, type FormValues } from "~/lib/forms/use-app-form";
import { validateWith } from "~/lib/forms/validate";
import { PARTNER_BILLING_PATH } from "~/lib/paths";
import { m } from "~/paraglide/messages";
import { PaymentFields } from "./payment-fields";
import { VatStatusField } from "./vat-status-field";

const validate = validateWith(billingProfileSchema);

/** The form's fields as it holds them: text, the moms status "" until one is chosen. */
export type BillingProfileFormValues = Record<keyof z.input<typeof billingProfileSchema>, string>;

/** The saved profile as the form's defaults; a partner's first form starts from the usual terms. */
export function billingProfileFormValues(profile: BillingProfileRow | null): BillingProfileFormValues {
  return {
    legalName: profile?.legalName ?? "",
    addressLine: profile?.addressLine ?? "",
    postalCode: profile?.postalCode ?? "",
    city: profile?.city ?? "",
    cvr: profile?.cvr ?? "",
    vatStatus: profile?.vatStatus ?? "",
    bankRegistration: profile?.bankRegistration ?? "",
    bankAccount: profile?.bankAccount ?? "",
    fiCreditorNumber: profile?.fiCreditorNumber ?? "",
    invoicePrefix: profile?.invoicePrefix ?? "",
    paymentTermsDays: String(profile?.paymentTermsDays ?? PAYMENT_TERMS_DAYS.usual),
    invoiceEmail: profile?.invoiceEmail ?? "",
  };
}

/**
 * A partner's billing profile: the company as its invoices name it, its moms status and
 * how buyers pay. The saved values are the defaults; what was typed survives a refusal.
 */
export function BillingProfileForm({
  action,
  saved,
  lastResult,
}: {
  /** The page's address, with the partner it edits. */
  action: string;
  saved: BillingProfileFormValues;
  lastResult: FormReply | undefined;
}) {
  const [form, fields] = useAppForm<FormValues<typeof billingProfileSchema>>("billing-profile", {
    lastResult,
    defaultValue: saved,
    validate,
  });
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="space-y-8">
      <FormErrors form={form} className="mt-0" />
      <FormSection legend={m.billing_company_legend()}>
        <p className="text-sm text-slate-600 sm:col-span-2">{m.billing_company_hint()}</p>
        <TextField
          field={fields.legalName}
          label={m.billing_legal_name()}
          hint={m.billing_legal_name_hint()}
          autoComplete="organization"
          className="sm:col-span-2"
          required
        />
        <TextField
          field={fields.addressLine}
          label={m.billing_address()}
          autoComplete="street-address"
          className="sm:col-span-2"
          required
        />
        <TextField
          field={fields.postalCode}
          label={m.billing_postal_code()}
          autoComplete="postal-code"
          inputMode="numeric"
          required
        />
        <TextField field={fields.city} label={m.billing_city()} autoComplete="address-level2" required />
        <TextField
          field={fields.cvr}
          label={m.billing_cvr()}
          hint={m.billing_cvr_hint()}
          autoComplete="off"
          required
        />
        <VatStatusField
          field={fields.vatStatus}
          hint={m.billing_reconfirm_note()}
          className="sm:col-span-2"
        />
      </FormSection>
      <FormSection legend={m.billing_payment_legend()}>
        <p className="text-sm text-slate-600 sm:col-span-2">{m.billing_payment_hint()}</p>
        <PaymentFields fields={fields} />
      </FormSection>
      <SubmitButton pending={{ formAction: PARTNER_BILLING_PATH }} pendingLabel={m.billing_saving()}>
        {m.billing_save()}
      </SubmitButton>
    </Form>
  );
}
