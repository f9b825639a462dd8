import type { FieldMetadata } from "@conform-to/react";
import type { ComponentProps, ReactNode } from "react";
import { cn } from "~/lib/utils";
import { m } from "~/paraglide/messages";

const controlClass =
  "mt-1 block w-full rounded-md border bg-white px-3 text-sm text-slate-900 aria-[invalid=true]:border-red-600 border-slate-300";

/** What the fields read from Conform's metadata of their field. */
export type FormFieldMeta = Pick<
  FieldMetadata,
  "id" | "name" | "errorId" | "descriptionId" | "key" | "initialValue" | "errors"
>;

type ShellProps = {
  /** The field's name, id, typed value and messages, from the form's `useAppForm`. */
  field: FormFieldMeta;
  label: string;
  hint?: string;
  optional?: boolean;
  className?: string;
};

/** The props every control gets from its field: name, value, and the wiring of its messages. */
export function controlProps(field: FormFieldMeta, hint: string | undefined) {
  const error = field.errors?.[0];
  const describedBy = [hint && field.descriptionId, error && field.errorId].filter(Boolean).join(" ");
  return {
    id: field.id,
    name: field.name,
    defaultValue: typeof field.initialValue === "string" ? field.initialValue : "",
    "aria-invalid": Boolean(error),
    "aria-describedby": describedBy || undefined,
  };
}

/**
 * Label, control, hint and message, wired with aria-invalid and aria-describedby. A
 * control that is not a form element (a rich-text editor) names itself with `labelId`.
 */
export function FieldShell({
  field,
  label,
  hint,
  optional,
  className,
  labelId,
  children,
}: ShellProps & { labelId?: string; children: ReactNode }) {
  const error = field.errors?.[0];
  return (
    <div data-slot="form-field" className={className}>
      <label id={labelId} htmlFor={field.id} className="block text-sm font-medium text-slate-700">
        {label}
        {optional && <span className="font-normal text-slate-500">{` ${m.ui_optional()}`}</span>}
      </label>
      {children}
      {hint && (
        <p id={field.descriptionId} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={field.errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

type ControlProps<Element extends "input" | "textarea" | "select"> = ShellProps &
  Omit<ComponentProps<Element>, "name" | "id" | "defaultValue">;

export function TextField({ field, label, hint, optional, className, ...input }: ControlProps<"input">) {
  return (
    <FieldShell field={field} label={label} hint={hint} optional={optional} className={className}>
      <input key={field.key} {...controlProps(field, hint)} className={cn(controlClass, "h-10")} {...input} />
    </FieldShell>
  );
}

export function TextAreaField({
  field,
  label,
  hint,
  optional,
  className,
  ...textarea
}: ControlProps<"textarea">) {
  return (
    <FieldShell field={field} label={label} hint={hint} optional={optional} className={className}>
      <textarea
        key={field.key}
        {...controlProps(field, hint)}
        rows={5}
        className={cn(controlClass, "py-2")}
        {...textarea}
      />
    </FieldShell>
  );
}

export function SelectField({
  field,
  label,
  hint,
  optional,
  className,
  options,
  placeholder,
  ...select
}: ControlProps<"select"> & { options: { value: string; label: string }[]; placeholder?: string }) {
  const props = controlProps(field, hint);
  return (
    <FieldShell field={field} label={label} hint={hint} optional={optional} className={className}>
      <select
        key={field.key}
        {...props}
        defaultValue={props.defaultValue ?? ""}
        className={cn(controlClass, "h-10")}
        {...select}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

/**
 * A field for bots only: hidden from people and assistive technology. Real visitors
 * leave it empty, so a filled one marks the submission as spam.
 */
export function HoneypotField({ name }: { name: string }) {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label>
        {m.ui_honeypot_label()}
        <input type="text" name={name} tabIndex={-1} autoComplete="off" />
      </label>
    </div>
  );
}

/** A checkbox with its label beside it and its message under it (for example accepting terms). */
export function CheckboxField({
  field,
  label,
  className,
  ...input
}: { field: FormFieldMeta; label: ReactNode; className?: string } & Omit<
  ComponentProps<"input">,
  "type" | "name" | "id" | "defaultChecked"
>) {
  const error = field.errors?.[0];
  return (
    <div data-slot="form-field" className={className}>
      <div className="flex items-start gap-2">
        <input
          key={field.key}
          id={field.id}
          name={field.name}
          type="checkbox"
          defaultChecked={field.initialValue === "on"}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? field.errorId : undefined}
          className="mt-1 size-4"
          {...input}
        />
        <label htmlFor={field.id} className="text-sm text-slate-700">
          {label}
        </label>
      </div>
      {error && (
        <p id={field.errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
