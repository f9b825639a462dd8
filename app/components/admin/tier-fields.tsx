import { CheckboxField, SelectField, TextField, type FormFieldMeta } from "~/components/ui/form-field";

/** Tier, revenue share and featured: what RCL agrees with a partner, on the new and the settings forms. */
export function TierFields({
  fields,
}: {
  fields: { tier: FormFieldMeta; revenueSharePercent: FormFieldMeta; featured: FormFieldMeta };
}) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          field={fields.tier}
          label="Tier"
          options={[
            { value: "basic", label: "Basic" },
            { value: "premium", label: "Premium" },
          ]}
        />
        <TextField
          field={fields.revenueSharePercent}
          label="Revenue share (%)"
          hint="Premium partners only: RCL's share of booking revenue."
          inputMode="numeric"
        />
      </div>
      <CheckboxField field={fields.featured} label="Feature this partner on the home page" />
    </>
  );
}
