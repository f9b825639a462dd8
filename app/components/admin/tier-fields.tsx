import { CheckboxField, SelectField, TextField, type FormFieldMeta } from "~/components/ui/form-field";
import { m } from "~/paraglide/messages";

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
          label={m.admin_tier()}
          options={[
            { value: "basic", label: m.admin_tier_basic() },
            { value: "premium", label: m.admin_tier_premium() },
          ]}
        />
        <TextField
          field={fields.revenueSharePercent}
          label={m.admin_revenue_share()}
          hint={m.admin_revenue_share_hint()}
          inputMode="numeric"
        />
      </div>
      <CheckboxField field={fields.featured} label={m.admin_featured_label()} />
    </>
  );
}
