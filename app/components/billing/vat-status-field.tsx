import type { FormFieldMeta } from "~/components/ui/form-field";
import type { VatStatus } from "~/lib/billing/moms";
import { VAT_STATUSES } from "~/lib/forms/billing-profile-schema";
import { cn } from "~/lib/utils";
import { m } from "~/paraglide/messages";

/** Each moms status as the form and the admin's partner page name it. */
export const VAT_STATUS_LABELS: Record<VatStatus, () => string> = {
  registered: m.billing_vat_registered,
  exempt: m.billing_vat_exempt,
};

/**
 * The moms status as two radios in a radio group named by its legend, described by the
 * hint and the message under it, and marked invalid with the message. The group carries
 * the field's id, so the error summary's link leads to it.
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
  const error = field.errors?.[0];
  const describedBy = [field.descriptionId, error && field.errorId].filter(Boolean).join(" ");
  const legendId = `${field.id}-legend`;
  return (
    <fieldset
      id={field.id}
      data-slot="form-field"
      role="radiogroup"
      aria-labelledby={legendId}
      aria-invalid={Boolean(error)}
      aria-describedby={describedBy}
      className={cn("space-y-2", className)}
    >
      <legend id={legendId} className="text-sm font-medium text-slate-700">
        {m.billing_vat_status()}
      </legend>
      {VAT_STATUSES.map((status) => (
        <label key={`${status}-${field.key ?? ""}`} className="flex items-start gap-2 text-sm text-slate-800">
          <input
            type="radio"
            name={field.name}
            value={status}
            defaultChecked={field.initialValue === status}
            className="mt-0.5 size-4 shrink-0 accent-water-600"
          />
          {VAT_STATUS_LABELS[status]()}
        </label>
      ))}
      <p id={field.descriptionId} className="text-xs text-slate-500">
        {hint}
      </p>
      {error && (
        <p id={field.errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
