import type { FieldMetadata } from "@conform-to/react";
import { TextAreaField, TextField } from "~/components/ui/form-field";
import { MAX_EVENT_ROWS } from "~/lib/forms/event-schema";
import type { EventFormValues } from "./form-values";
import { AddRowButton, ListFieldset, RowControls } from "~/components/forms/list-controls";
import type { EventForm } from "./form-values";

type ListField<List extends "schedule" | "faqs"> = FieldMetadata<
  EventFormValues[List],
  EventFormValues,
  string[]
>;

/** The day's programme: a time and what happens, one row each, in order. */
export function ScheduleField({ form, field }: { form: EventForm; field: ListField<"schedule"> }) {
  const rows = field.getFieldList();
  return (
    <ListFieldset
      field={field}
      legend="Schedule"
      hint={`The programme of the day, up to ${MAX_EVENT_ROWS} rows. Schedule changes are published at once.`}
    >
      {rows.length > 0 && (
        <ol className="mt-4 space-y-4">
          {rows.map((row, index) => {
            const parts = row.getFieldset();
            const number = index + 1;
            return (
              <li key={row.key ?? row.id} className="rounded-md border border-slate-200 p-4">
                <div className="flex items-center justify-between gap-2">
                  <h3 className="font-medium text-slate-900">Schedule row {number}</h3>
                  <RowControls
                    form={form}
                    list="schedule"
                    index={index}
                    count={rows.length}
                    rowLabel={`schedule row ${number}`}
                  />
                </div>
                <div className="mt-2 grid gap-4 sm:grid-cols-[10rem_1fr]">
                  <TextField field={parts.time} label={`Time (row ${number})`} placeholder="09:00" />
                  <TextField field={parts.activity} label={`Activity (row ${number})`} />
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <AddRowButton form={form} list="schedule" defaultValue={{ time: "", activity: "" }}>
        Add schedule row
      </AddRowButton>
    </ListFieldset>
  );
}

/** Questions bookers ask, with the answers, one row each, in order. */
export function FaqsField({ form, field }: { form: EventForm; field: ListField<"faqs"> }) {
  const rows = field.getFieldList();
  return (
    <ListFieldset
      field={field}
      legend="Frequently asked questions"
      hint={`Up to ${MAX_EVENT_ROWS} questions with their answers. FAQ changes are published at once.`}
    >
      {rows.length > 0 && (
        <ol className="mt-4 space-y-4">
          {rows.map((row, index) => {
            const parts = row.getFieldset();
            const number = index + 1;
            return (
              <li key={row.key ?? row.id} className="rounded-md border border-slate-200 p-4">
                <div className="flex items-center justify-between gap-2">
                  <h3 className="font-medium text-slate-900">Question {number}</h3>
                  <RowControls
                    form={form}
                    list="faqs"
                    index={index}
                    count={rows.length}
                    rowLabel={`question ${number}`}
                  />
                </div>
                <div className="mt-2 grid gap-4">
                  <TextField field={parts.question} label={`Question ${number}`} />
                  <TextAreaField field={parts.answer} label={`Answer ${number}`} rows={3} />
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <AddRowButton form={form} list="faqs" defaultValue={{ question: "", answer: "" }}>
        Add question
      </AddRowButton>
    </ListFieldset>
  );
}
