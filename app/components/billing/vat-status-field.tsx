import type { FormFieldMeta } from "~/components/ui/form-field";
import { RadioGroupField } from "~/components/ui/radio-group-field";
import type { VatStatus } from "~/lib/billing/moms";
import { VAT_STATUSES } from "~/lib/forms/billing-profile-schema";
import { m } from "~/paraglide/messages";

/** Each moms status as the form and the admin's partner page name it. */
export const VAT_STATUS_LABELS: Record<VatStatus, () => string> = {
  registered: m.billing_vat_registered,
  exempt: m.billing_vat_exempt,
};

/**
 * The moms status as two radios, with the hint that fits the form (a partner's own, the admin's).
 */
export function VatStatusField({
  field,
  hint,
  className,
}: {
  field: FormFieldMeta;
  hint: string;
  className?: string;
}) {
  return (
    <RadioGroupField
      field={field}
      legend={m.billing_vat_status()}
      options={VAT_STATUSES.map((status) => ({ value: status, label: VAT_STATUS_LABELS[status]() }))}
      hint={hint}
      className={className}
    />
  );
}
