import type { FieldMetadata } from "@conform-to/react";
import { TextPair } from "~/components/forms/translation-fields";
import { languageName } from "~/lib/content-language";
import { TextField } from "~/components/ui/form-field";
import type { Locale } from "~/lib/i18n/locale";
import { AddRowButton, ListFieldset, RowCards } from "~/components/forms/list-controls";
import { m } from "~/paraglide/messages";
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
      legend={m.partner_page_edit_testimonials()}
      hint={m.partner_page_edit_testimonials_hint()}
    >
      <RowCards
        form={form}
        list="testimonials"
        rows={field.getFieldList()}
        itemLabel={m.partner_page_edit_testimonial()}
      >
        {(row, number) => {
          const parts = row.getFieldset();
          return (
            <div className="mt-2 grid gap-4 sm:grid-cols-2">
              <TextField
                field={parts.name}
                label={m.partner_page_edit_testimonial_name({ number })}
                className="sm:col-span-2"
              />
              <TextPair
                main={parts.position}
                translation={parts.positionTranslation}
                label={(language: Locale) =>
                  m.partner_page_edit_testimonial_position_in({ number, language: languageName(language) })
                }
              />
              <TextPair
                main={parts.comment}
                translation={parts.commentTranslation}
                label={(language: Locale) =>
                  m.partner_page_edit_testimonial_comment_in({ number, language: languageName(language) })
                }
                optional={false}
                rows={3}
              />
            </div>
          );
        }}
      </RowCards>
      <AddRowButton
        form={form}
        list="testimonials"
        defaultValue={{
          name: "",
          position: "",
          comment: "",
          positionTranslation: "",
          commentTranslation: "",
        }}
      >
        {m.partner_page_edit_add_testimonial()}
      </AddRowButton>
    </ListFieldset>
  );
}
