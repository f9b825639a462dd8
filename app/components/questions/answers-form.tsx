import { getFormProps, type FieldMetadata } from "@conform-to/react";
import { Form, useLocation } from "react-router";
import type { QuestionAnswerValue } from "#server/db/schema";
import { FormErrors } from "~/components/forms/form-errors";
import { RadioGroupField } from "~/components/ui/radio-group-field";
import { TextAreaField, TextField } from "~/components/ui/form-field";
import { SubmitButton } from "~/components/ui/submit-button";
import { LONG_ANSWER_MAX, SHORT_ANSWER_MAX, type ShownQuestion } from "~/lib/questions";
import { useAppForm, type FormReply } from "~/lib/forms/use-app-form";
import { m } from "~/paraglide/messages";

type AnswerValues = { intent: string; answers: Record<string, string | string[]> };
type AnswerField = FieldMetadata<string | string[], AnswerValues, string[]>;

/** A stored answer as the form holds it: "yes"/"no", an option's id, the ids, the text. */
function formValue(value: QuestionAnswerValue | undefined): string | string[] | undefined {
  if (value === undefined) return undefined;
  if (typeof value === "boolean") return value ? "yes" : "no";
  return value;
}

/**
 * The questions of an event as a form (ADR 038), in the reader's language, with the saved
 * answers filled in. The server checks every answer; a refused form comes back with what
 * was typed and each message next to its question.
 */
export function AnswersForm({
  name,
  intent,
  questions,
  answers,
  reply,
}: {
  /** The form's name on the page. */
  name: string;
  /** The `intent` the page's action runs for it. */
  intent: string;
  questions: ShownQuestion[];
  answers: Record<string, QuestionAnswerValue>;
  reply: FormReply | null | undefined;
}) {
  const { pathname } = useLocation();
  const [form, fields] = useAppForm<AnswerValues>(name, {
    lastResult: reply,
    defaultValue: {
      intent,
      answers: Object.fromEntries(
        questions.map((question) => [question.id, formValue(answers[question.id])]),
      ),
    },
  });
  const answerFields = fields.answers.getFieldset();
  return (
    <>
      <FormErrors form={form} />
      <Form method="post" {...getFormProps(form)} className="space-y-5">
        <input type="hidden" name="intent" value={intent} />
        {questions.map((question) => (
          <QuestionInput
            key={question.id}
            question={question}
            field={answerFields[question.id] as AnswerField}
          />
        ))}
        <SubmitButton pending={{ formAction: pathname, intent }}>{m.questions_save()}</SubmitButton>
      </Form>
    </>
  );
}

function QuestionInput({ question, field }: { question: ShownQuestion; field: AnswerField }) {
  const label = question.required
    ? `${question.label.text} ${m.questions_required_mark()}`
    : question.label.text;
  switch (question.kind) {
    case "short":
      return (
        <TextField field={field} label={label} maxLength={SHORT_ANSWER_MAX} lang={question.label.lang} />
      );
    case "long":
      return (
        <TextAreaField
          field={field}
          label={label}
          maxLength={LONG_ANSWER_MAX}
          rows={4}
          lang={question.label.lang}
        />
      );
    case "yes_no":
      return (
        <RadioGroupField
          field={field}
          legend={label}
          options={[
            { value: "yes", label: m.questions_yes() },
            { value: "no", label: m.questions_no() },
          ]}
        />
      );
    case "one_of":
      return (
        <RadioGroupField
          field={field}
          legend={label}
          options={question.options.map((option) => ({ value: option.id, label: option.label.text }))}
        />
      );
    case "some_of":
      return <ChoiceOfSeveral question={question} field={field} legend={label} />;
  }
}

/** Several of a list: a checkbox each, in a group named by the question. */
function ChoiceOfSeveral({
  question,
  field,
  legend,
}: {
  question: ShownQuestion;
  field: AnswerField;
  legend: string;
}) {
  const error = field.errors?.[0];
  const chosen = new Set(
    Array.isArray(field.initialValue)
      ? field.initialValue
      : typeof field.initialValue === "string"
        ? [field.initialValue]
        : [],
  );
  return (
    <fieldset
      id={field.id}
      data-slot="form-field"
      aria-invalid={Boolean(error)}
      aria-describedby={error ? field.errorId : undefined}
      className="space-y-2"
    >
      <legend className="text-sm font-medium text-slate-700" lang={question.label.lang}>
        {legend}
      </legend>
      {question.options.map((option) => (
        <label
          key={`${option.id}-${field.key ?? ""}`}
          className="flex items-start gap-2 text-sm text-slate-800"
        >
          <input
            type="checkbox"
            name={field.name}
            value={option.id}
            defaultChecked={chosen.has(option.id)}
            className="mt-0.5 size-4 shrink-0 accent-water-600"
          />
          <span lang={option.label.lang}>{option.label.text}</span>
        </label>
      ))}
      {error && (
        <p id={field.errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
