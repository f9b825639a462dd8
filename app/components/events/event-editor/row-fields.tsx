import type { FieldMetadata } from "@conform-to/react";
import { TextField } from "~/components/ui/form-field";
import { MAX_EVENT_ROWS } from "~/lib/forms/event-schema";
import type { EventFormValues } from "./form-values";
import { AddRowButton, ListFieldset, RowCards } from "~/components/forms/list-controls";
import type { EventForm } from "./form-values";
import { TextPair, useWrittenLanguages } from "~/components/forms/translation-fields";
import { languageName } from "~/lib/content-language";
import { m } from "~/paraglide/messages";

type ListField<List extends "schedule" | "faqs"> = FieldMetadata<
  EventFormValues[List],
  EventFormValues,
  string[]
>;

/** The day's programme: a time and what happens, one row each, in order. */
export function ScheduleField({ form, field }: { form: EventForm; field: ListField<"schedule"> }) {
  const languages = useWrittenLanguages() ?? { main: "en", other: "da" };
  return (
    <ListFieldset
      field={field}
      legend={m.editor_schedule()}
      hint={m.editor_schedule_hint({ max: MAX_EVENT_ROWS })}
    >
      <RowCards form={form} list="schedule" rows={field.getFieldList()} itemLabel={m.editor_schedule_row()}>
        {(row, number) => {
          const parts = row.getFieldset();
          return (
            <div className="mt-2 grid gap-4 sm:grid-cols-[8rem_1fr_1fr]">
              <TextField
                field={parts.time}
                label={m.editor_schedule_time({ number })}
                placeholder={m.editor_schedule_time_placeholder()}
              />
              <TextField
                field={parts.activity}
                label={m.editor_schedule_activity_in({ number, language: languageName(languages.main) })}
                lang={languages.main}
              />
              <TextField
                field={parts.activityTranslation}
                label={m.editor_schedule_activity_in({ number, language: languageName(languages.other) })}
                lang={languages.other}
                optional
              />
            </div>
          );
        }}
      </RowCards>
      <AddRowButton
        form={form}
        list="schedule"
        defaultValue={{ time: "", activity: "", activityTranslation: "" }}
      >
        {m.editor_schedule_add()}
      </AddRowButton>
    </ListFieldset>
  );
}

/** Questions bookers ask, with the answers, one row each, in order. */
export function FaqsField({ form, field }: { form: EventForm; field: ListField<"faqs"> }) {
  return (
    <ListFieldset field={field} legend={m.editor_faqs()} hint={m.editor_faqs_hint({ max: MAX_EVENT_ROWS })}>
      <RowCards form={form} list="faqs" rows={field.getFieldList()} itemLabel={m.editor_faq_question_label()}>
        {(row, number) => {
          const parts = row.getFieldset();
          return (
            <div className="mt-2 grid gap-4 sm:grid-cols-2">
              <TextPair
                main={parts.question}
                translation={parts.questionTranslation}
                label={m.editor_faq_question({ number })}
                optional={false}
              />
              <TextPair
                main={parts.answer}
                translation={parts.answerTranslation}
                label={m.editor_faq_answer({ number })}
                optional={false}
                rows={3}
              />
            </div>
          );
        }}
      </RowCards>
      <AddRowButton
        form={form}
        list="faqs"
        defaultValue={{ question: "", answer: "", questionTranslation: "", answerTranslation: "" }}
      >
        {m.editor_faq_add()}
      </AddRowButton>
    </ListFieldset>
  );
}
