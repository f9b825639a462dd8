import type { FieldMetadata } from "@conform-to/react";
import { TextField } from "~/components/ui/form-field";
import type { PartnerProfileFormValues } from "./form-values";
import { SectionLegend } from "./section-legend";
import { AddRowButton, ListMessage, RowControls, type ProfileForm } from "./list-controls";

/** Facilities or services: one line per entry, added, moved and removed in place. */
export function TextListField({
  form,
  field,
  list,
  legend,
  itemLabel,
  hint,
}: {
  form: ProfileForm;
  field: FieldMetadata<string[], PartnerProfileFormValues, string[]>;
  list: "facilities" | "services";
  legend: string;
  itemLabel: string;
  hint: string;
}) {
  const items = field.getFieldList();
  const error = field.errors?.[0];
  return (
    <fieldset
      id={field.id}
      className="rounded-lg border border-slate-200 p-4 sm:p-6"
      aria-describedby={error ? `${field.descriptionId} ${field.errorId}` : field.descriptionId}
    >
      <SectionLegend>{legend}</SectionLegend>
      <p id={field.descriptionId} className="text-sm text-slate-600">
        {hint}
      </p>
      <ListMessage id={field.errorId} message={error} />
      {items.length > 0 && (
        <ol className="mt-4 space-y-3">
          {items.map((item, index) => (
            <li key={item.key ?? item.id} className="flex items-end gap-2">
              <TextField field={item} label={`${itemLabel} ${index + 1}`} className="flex-1" />
              <RowControls
                form={form}
                list={list}
                index={index}
                count={items.length}
                rowLabel={`${itemLabel.toLowerCase()} ${index + 1}`}
              />
            </li>
          ))}
        </ol>
      )}
      <AddRowButton form={form} list={list} defaultValue="">
        Add {itemLabel.toLowerCase()}
      </AddRowButton>
    </fieldset>
  );
}
