import type { FieldMetadata } from "@conform-to/react";
import { Plus } from "~/components/icons/plus";
import { Trash2 } from "~/components/icons/trash";
import { AddRowButton, ListFieldset, RowCards } from "~/components/forms/list-controls";
import { TextPair } from "~/components/forms/translation-fields";
import { Button } from "~/components/ui/button";
import { CheckboxField, SelectField } from "~/components/ui/form-field";
import { hasOptions, QUESTION_KINDS, QUESTION_SCOPES } from "~/lib/questions";
import { QUESTION_KIND_WORDS, QUESTION_SCOPE_WORDS } from "~/lib/words/questions";
import { m } from "~/paraglide/messages";
import type { EventForm, EventFormValues, QuestionFormRow } from "./form-values";

type QuestionsListField = FieldMetadata<EventFormValues["rowerQuestions"], EventFormValues, string[]>;
type QuestionField = FieldMetadata<QuestionFormRow, EventFormValues, string[]>;

const BLANK_OPTION = { id: "", label: "", labelTranslation: "" };

/**
 * The questions each team or each rower answers (ADR 038): a label in the event's
 * language and its translation, a kind, whether an answer is required and, for a choice,
 * its options. The ids travel as hidden fields, so an edited label keeps its answers; the
 * server decides which ids stand.
 */
export function QuestionsField({ form, field }: { form: EventForm; field: QuestionsListField }) {
  return (
    <ListFieldset field={field} legend={m.editor_questions()} hint={m.editor_questions_hint()}>
      <RowCards
        form={form}
        list="rowerQuestions"
        rows={field.getFieldList()}
        itemLabel={m.editor_question_row()}
      >
        {(row, number) => <QuestionFields form={form} row={row} number={number} />}
      </RowCards>
      <AddRowButton
        form={form}
        list="rowerQuestions"
        defaultValue={{
          id: "",
          scope: "rower",
          kind: "short",
          label: "",
          labelTranslation: "",
          required: "",
          options: [],
        }}
      >
        {m.editor_question_add()}
      </AddRowButton>
    </ListFieldset>
  );
}

function QuestionFields({ form, row, number }: { form: EventForm; row: QuestionField; number: number }) {
  const parts = row.getFieldset();
  const kind = parts.kind.value ?? parts.kind.initialValue;
  const options = parts.options.getFieldList();
  const optionsError = parts.options.errors?.[0];
  return (
    <div className="mt-2 grid gap-4 sm:grid-cols-2">
      <input
        type="hidden"
        key={parts.id.key}
        name={parts.id.name}
        defaultValue={parts.id.initialValue ?? ""}
      />
      <TextPair
        main={parts.label}
        translation={parts.labelTranslation}
        label={m.editor_question_label({ number })}
        required
      />
      <SelectField
        field={parts.scope}
        label={m.editor_question_scope({ number })}
        options={QUESTION_SCOPES.map((value) => ({ value, label: QUESTION_SCOPE_WORDS[value]() }))}
      />
      <SelectField
        field={parts.kind}
        label={m.editor_question_kind({ number })}
        hint={m.editor_question_kind_hint()}
        options={QUESTION_KINDS.map((value) => ({ value, label: QUESTION_KIND_WORDS[value]() }))}
      />
      <CheckboxField field={parts.required} label={m.editor_question_required({ number })} />
      {(hasOptionsKind(kind) || options.length > 0) && (
        <fieldset
          id={parts.options.id}
          className="space-y-3 sm:col-span-2"
          aria-describedby={optionsError ? parts.options.errorId : undefined}
        >
          <legend className="text-sm font-medium text-slate-900">
            {m.editor_question_options({ number })}
          </legend>
          <p className="text-sm text-slate-600">{m.editor_question_options_hint()}</p>
          {optionsError && (
            <p id={parts.options.errorId} className="rounded-md bg-red-50 p-3 text-sm text-red-800">
              {optionsError}
            </p>
          )}
          <ol className="space-y-3">
            {options.map((option, index) => {
              const optionParts = option.getFieldset();
              const name = m.editor_question_option({ number, option: index + 1 });
              return (
                <li key={option.key ?? option.id} className="flex items-end gap-2">
                  <input
                    type="hidden"
                    key={optionParts.id.key}
                    name={optionParts.id.name}
                    defaultValue={optionParts.id.initialValue ?? ""}
                  />
                  <div className="grid flex-1 gap-4 sm:grid-cols-2">
                    <TextPair
                      main={optionParts.label}
                      translation={optionParts.labelTranslation}
                      label={name}
                    />
                  </div>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={m.form_row_remove({ row: name.toLowerCase() })}
                    {...form.remove.getButtonProps({ name: parts.options.name, index })}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </li>
              );
            })}
          </ol>
          <Button
            variant="outline"
            size="sm"
            {...form.insert.getButtonProps({ name: parts.options.name, defaultValue: BLANK_OPTION })}
          >
            <Plus aria-hidden="true" /> {m.editor_question_option_add({ number })}
          </Button>
        </fieldset>
      )}
    </div>
  );
}

const hasOptionsKind = (kind: unknown): boolean =>
  (QUESTION_KINDS as readonly unknown[]).includes(kind) && hasOptions(kind as QuestionFormRow["kind"]);
