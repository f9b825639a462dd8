import type { FieldMetadata } from "@conform-to/react";
import { TextAreaField, TextField } from "~/components/ui/form-field";
import { AddRowButton, ListFieldset, RowControls } from "~/components/forms/list-controls";
import type { PartnerProfileFormValues, ProfileForm } from "./form-values";

type Testimonial = PartnerProfileFormValues["testimonials"][number];

/** What clients said: a name, their position and the comment, one row each. */
export function TestimonialsField({
  form,
  field,
}: {
  form: ProfileForm;
  field: FieldMetadata<Testimonial[], PartnerProfileFormValues, string[]>;
}) {
  const rows = field.getFieldList();
  return (
    <ListFieldset
      field={field}
      legend="Testimonials"
      hint="Quotes from companies that rowed with you, shown on your Testimonials tab."
    >
      {rows.length > 0 && (
        <ol className="mt-4 space-y-4">
          {rows.map((row, index) => {
            const parts = row.getFieldset();
            const rowLabel = `testimonial ${index + 1}`;
            return (
              <li key={row.key ?? row.id} className="rounded-md border border-slate-200 p-4">
                <div className="flex items-center justify-between gap-2">
                  <h3 className="font-medium text-slate-900">Testimonial {index + 1}</h3>
                  <RowControls
                    form={form}
                    list="testimonials"
                    index={index}
                    count={rows.length}
                    rowLabel={rowLabel}
                  />
                </div>
                <div className="mt-2 grid gap-4 sm:grid-cols-2">
                  <TextField field={parts.name} label={`Name (testimonial ${index + 1})`} />
                  <TextField field={parts.position} label={`Position (testimonial ${index + 1})`} optional />
                  <TextAreaField
                    field={parts.comment}
                    label={`Comment (testimonial ${index + 1})`}
                    rows={3}
                    className="sm:col-span-2"
                  />
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <AddRowButton form={form} list="testimonials" defaultValue={{ name: "", position: "", comment: "" }}>
        Add testimonial
      </AddRowButton>
    </ListFieldset>
  );
}
