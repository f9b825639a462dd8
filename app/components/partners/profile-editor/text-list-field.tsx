import type { FieldMetadata } from "@conform-to/react";
import { labelIn, useWrittenLanguages } from "~/components/forms/translation-fields";
import { TextField } from "~/components/ui/form-field";
import type { PartnerProfileFormValues } from "./form-values";
import { AddRowButton, ListFieldset, RowControls } from "~/components/forms/list-controls";
import type { ProfileForm } from "./form-values";
import { m } from "~/paraglide/messages";

/** Facilities or services: one line per entry with its translation, added, moved and removed in place. */
export function TextListField({
  form,
  field,
  list,
  legend,
  itemLabel,
  hint,
}: {
  form: ProfileForm;
  field: FieldMetadata<PartnerProfileFormValues["facilities"], PartnerProfileFormValues, string[]>;
  list: "facilities" | "services";
  legend: string;
  itemLabel: string;
  hint: string;
}) {
  const items = field.getFieldList();
  const languages = useWrittenLanguages() ?? { main: "en", other: "da" };
  return (
    <ListFieldset field={field} legend={legend} hint={hint}>
      {items.length > 0 && (
        <ol className="mt-4 space-y-3">
          {items.map((item, index) => (
            <li key={item.key ?? item.id} className="flex flex-wrap items-end gap-2 sm:flex-nowrap">
              <TextField
                field={item.getFieldset().text}
                label={labelIn(`${itemLabel} ${index + 1}`, languages.main)}
                lang={languages.main}
                className="min-w-48 flex-1"
              />
              <TextField
                field={item.getFieldset().textTranslation}
                label={labelIn(`${itemLabel} ${index + 1}`, languages.other)}
                lang={languages.other}
                optional
                className="min-w-48 flex-1"
              />
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
      <AddRowButton form={form} list={list} defaultValue={{ text: "", textTranslation: "" }}>
        {m.partner_page_edit_add_item({ item: itemLabel.toLowerCase() })}
      </AddRowButton>
    </ListFieldset>
  );
}
