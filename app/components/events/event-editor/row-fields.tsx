import type { FieldMetadata } from "@conform-to/react";
import { TextAreaField, TextField } from "~/components/ui/form-field";
import { MAX_EVENT_ROWS } from "~/lib/forms/event-schema";
import type { EventFormValues } from "./form-values";
import { AddRowButton, ListFieldset, RowCards } from "~/components/forms/list-controls";
import type { EventForm } from "./form-values";

type ListField<List extends "schedule" | "faqs"> = FieldMetadata<
  EventFormValues[List],
  EventFormValues,
  string[]
>;

/** The day's programme: a time and what happens, one row each, in order. */
export function ScheduleField({ form, field }: { form: EventForm; field: ListField<"schedule"> }) {
  return (
    <ListFieldset
      field={field}
      legend="Schedule"
      hint={`The programme of the day, up to ${MAX_EVENT_ROWS} rows. Schedule changes are published at once.`}
    >
      <RowCards form={form} list="schedule" rows={field.getFieldList()} itemLabel="Schedule row">
        {(row, number) => {
          const parts = row.getFieldset();
          return (
            <div className="mt-2 grid gap-4 sm:grid-cols-[10rem_1fr]">
              <TextField field={parts.time} label={`Time (row ${number})`} placeholder="09:00" />
              <TextField field={parts.activity} label={`Activity (row ${number})`} />
            </div>
          );
        }}
      </RowCards>
      <AddRowButton form={form} list="schedule" defaultValue={{ time: "", activity: "" }}>
        Add schedule row
      </AddRowButton>
    </ListFieldset>
  );
}

/** Questions bookers ask, with the answers, one row each, in order. */
export function FaqsField({ form, field }: { form: EventForm; field: ListField<"faqs"> }) {
  return (
    <ListFieldset
      field={field}
      legend="Frequently asked questions"
      hint={`Up to ${MAX_EVENT_ROWS} questions with their answers. FAQ changes are published at once.`}
    >
      <RowCards form={form} list="faqs" rows={field.getFieldList()} itemLabel="Question">
        {(row, number) => {
          const parts = row.getFieldset();
          return (
            <div className="mt-2 grid gap-4">
              <TextField field={parts.question} label={`Question ${number}`} />
              <TextAreaField field={parts.answer} label={`Answer ${number}`} rows={3} />
            </div>
          );
        }}
      </RowCards>
      <AddRowButton form={form} list="faqs" defaultValue={{ question: "", answer: "" }}>
        Add question
      </AddRowButton>
    </ListFieldset>
  );
}
