import { TextField, type FormFieldMeta } from "~/components/ui/form-field";
import { m } from "~/paraglide/messages";

type PaymentFieldName =
  | "bankRegistration"
  | "bankAccount"
  | "fiCreditorNumber"
  | "invoicePrefix"
  | "paymentTermsDays"
  | "invoiceEmail";

/**
 * How a seller's buyers pay and how its invoices are numbered, in two columns from a
 * tablet up: a partner's billing profile and RCL's own billing details ask the same.
 */
export function PaymentFields({ fields }: { fields: Record<PaymentFieldName, FormFieldMeta> }) {
  return (
    <>
      <TextField
        field={fields.bankRegistration}
        label={m.billing_bank_registration()}
        hint={m.billing_bank_registration_hint()}
        inputMode="numeric"
        autoComplete="off"
        required
      />
      <TextField
        field={fields.bankAccount}
        label={m.billing_bank_account()}
        hint={m.billing_bank_account_hint()}
        inputMode="numeric"
        autoComplete="off"
        required
      />
      <TextField
        field={fields.fiCreditorNumber}
        label={m.billing_fi_creditor()}
        hint={m.billing_fi_creditor_hint()}
        inputMode="numeric"
        autoComplete="off"
        optional
      />
      <TextField
        field={fields.invoicePrefix}
        label={m.billing_invoice_prefix()}
        hint={m.billing_invoice_prefix_hint()}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        optional
      />
      <TextField
        field={fields.paymentTermsDays}
        label={m.billing_payment_terms()}
        hint={m.billing_payment_terms_hint()}
        inputMode="numeric"
        autoComplete="off"
        required
      />
      <TextField
        field={fields.invoiceEmail}
        label={m.billing_invoice_email()}
        hint={m.billing_invoice_email_hint()}
        type="email"
        autoComplete="email"
        required
      />
    </>
  );
}
