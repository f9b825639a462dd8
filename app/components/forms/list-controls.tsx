import type { DefaultValue, FieldName, FormMetadata } from "@conform-to/react";
import { ArrowDown } from "~/components/icons/arrow-down";
import { ArrowUp } from "~/components/icons/arrow-up";
import { Plus } from "~/components/icons/plus";
import { Trash2 } from "~/components/icons/trash";
import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import type { FormFieldMeta } from "~/components/ui/form-field";
import { m } from "~/paraglide/messages";
import { SectionLegend } from "./form-section";

/**
 * A form with lists of rows (the profile's facilities, an event's schedule): `Values`
 * are the form's values, `List` the names of its list fields.
 */
type ListForm<Values extends Record<string, unknown>> = FormMetadata<Values, string[]>;
type ListsOf<Values> = { [K in keyof Values]: Values[K] extends unknown[] ? K : never }[keyof Values] &
  string;

/**
 * A list's fieldset: its heading, what goes in it, and the message about the list as a
 * whole ("at most 30 entries") above its rows.
 */
export function ListFieldset({
  field,
  legend,
  plain = false,
  hint,
  children,
}: {
  field: Pick<FormFieldMeta, "id" | "descriptionId" | "errorId" | "errors">;
  legend: string;
  /** See `SectionLegend`. */
  plain?: boolean;
  hint: string;
  children: ReactNode;
}) {
  const error = field.errors?.[0];
  return (
    <fieldset
      id={field.id}
      className="rounded-lg border border-slate-200 p-4 sm:p-6"
      aria-describedby={error ? `${field.descriptionId} ${field.errorId}` : field.descriptionId}
    >
      <SectionLegend plain={plain}>{legend}</SectionLegend>
      <p id={field.descriptionId} className="text-sm text-slate-600">
        {hint}
      </p>
      {error && (
        <p id={field.errorId} className="mt-2 rounded-md bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      )}
      {children}
    </fieldset>
  );
}

/**
 * Move up, move down and remove for one row, named after the row so a screen reader
 * says which row each button acts on. Conform changes the list in the browser.
 */
export function RowControls<Values extends Record<string, unknown>>({
  form,
  list,
  index,
  count,
  rowLabel,
}: {
  form: ListForm<Values>;
  list: ListsOf<Values>;
  index: number;
  count: number;
  rowLabel: string;
}) {
  return (
    <div className="flex gap-1">
      <Button
        variant="ghost"
        size="icon"
        aria-label={m.form_row_move_up({ row: rowLabel })}
        disabled={index === 0}
        {...form.reorder.getButtonProps({ name: list, from: index, to: index - 1 })}
      >
        <ArrowUp aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={m.form_row_move_down({ row: rowLabel })}
        disabled={index === count - 1}
        {...form.reorder.getButtonProps({ name: list, from: index, to: index + 1 })}
      >
        <ArrowDown aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={m.form_row_remove({ row: rowLabel })}
        {...form.remove.getButtonProps({ name: list, index })}
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </div>
  );
}

/**
 * A list's rows as numbered cards ("Question 2"), each with its heading, the controls that
 * move and remove it, and the fields `children` gives it; nothing while the list is empty.
 */
export function RowCards<Values extends Record<string, unknown>, Row extends { key?: string; id: string }>({
  form,
  list,
  rows,
  itemLabel,
  children,
}: {
  form: ListForm<Values>;
  list: ListsOf<Values>;
  /** The list's rows, from its field's `getFieldList()`. */
  rows: Row[];
  /** What one row is called: "Question" heads the second row "Question 2". */
  itemLabel: string;
  /** The row's fields, given the row and its number. */
  children: (row: Row, number: number) => ReactNode;
}) {
  if (rows.length === 0) return null;
  return (
    <ol className="mt-4 space-y-4">
      {rows.map((row, index) => {
        const name = `${itemLabel} ${index + 1}`;
        return (
          <li key={row.key ?? row.id} className="rounded-md border border-slate-200 p-4">
            <div className="flex items-center justify-between gap-2">
              <h3 className="font-medium text-slate-900">{name}</h3>
              <RowControls
                form={form}
                list={list}
                index={index}
                count={rows.length}
                rowLabel={name.toLowerCase()}
              />
            </div>
            {children(row, index + 1)}
          </li>
        );
      })}
    </ol>
  );
}

export function AddRowButton<Values extends Record<string, unknown>, List extends ListsOf<Values>>({
  form,
  list,
  defaultValue,
  children,
}: {
  form: ListForm<Values>;
  list: List;
  defaultValue: Values[List] extends (infer Row)[] ? DefaultValue<Row> : never;
  children: ReactNode;
}) {
  // The list names are the form's own keys; Conform brands them with the field's shape.
  const name = list as unknown as FieldName<Values[List]>;
  return (
    <Button
      variant="outline"
      size="sm"
      className="mt-4"
      {...form.insert.getButtonProps({ name, defaultValue })}
    >
      <Plus aria-hidden="true" /> {children}
    </Button>
  );
}
