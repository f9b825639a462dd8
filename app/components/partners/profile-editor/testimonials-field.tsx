import type { FieldMetadata } from "@conform-to/react";
import { TextAreaField, TextField } from "~/components/ui/form-field";
import { AddRowButton, ListFieldset, RowCards } from "~/components/forms/list-controls";
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
  return (
    <ListFieldset
      field={field}
      legend="Testimonials"
      hint="Quotes from companies that rowed with you, shown on your Testimonials tab."
    >
      <RowCards form={form} list="testimonials" rows={field.getFieldList()} itemLabel="Testimonial">
        {(row, number) => {
          const parts = row.getFieldset();
          return (
            <div className="mt-2 grid gap-4 sm:grid-cols-2">
              <TextField field={parts.name} label={`Name (testimonial ${number})`} />
              <TextField field={parts.position} label={`Position (testimonial ${number})`} optional />
              <TextAreaField
                field={parts.comment}
                label={`Comment (testimonial ${number})`}
                rows={3}
                className="sm:col-span-2"
              />
            </div>
          );
        }}
      </RowCards>
      <AddRowButton form={form} list="testimonials" defaultValue={{ name: "", position: "", comment: "" }}>
        Add testimonial
      </AddRowButton>
    </ListFieldset>
  );
}
