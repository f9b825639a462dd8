import type { FieldMetadata } from "@conform-to/react";
import { TextField } from "~/components/ui/form-field";
import type { PartnerProfileFormValues } from "./form-values";
import { AddRowButton, ListFieldset, RowControls } from "~/components/forms/list-controls";
import type { ProfileForm } from "./form-values";
import { m } from "~/paraglide/messages";

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
  return (
    <ListFieldset field={field} legend={legend} hint={hint}>
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
        {m.partner_page_edit_add_item({ item: itemLabel.toLowerCase() })}
      </AddRowButton>
    </ListFieldset>
  );
}
