import { useId, type ComponentProps, type ReactNode } from "react";
import { cn } from "~/lib/utils";

const controlClass =
  "mt-1 block w-full rounded-md border bg-white px-3 text-sm text-slate-900 aria-[invalid=true]:border-red-600 border-slate-300";

type ShellProps = {
  label: string;
  /** The message shown under the field; also marks the control invalid. */
  error?: string;
  hint?: string;
  optional?: boolean;
  className?: string;
  children: (control: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
};

/** Label, control and message, wired with aria-invalid and aria-describedby. */
function FieldShell({ label, error, hint, optional, className, children }: ShellProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div data-slot="form-field" className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
        {optional && <span className="font-normal text-slate-500"> (Optional)</span>}
      </label>
      {children({ id, describedBy, invalid: Boolean(error) })}
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

type FieldBase = Omit<ShellProps, "children">;

export function TextField({
  label,
  error,
  hint,
  optional,
  className,
  ...input
}: FieldBase & ComponentProps<"input">) {
  return (
    <FieldShell label={label} error={error} hint={hint} optional={optional} className={className}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          className={cn(controlClass, "h-10")}
          {...input}
        />
      )}
    </FieldShell>
  );
}

export function TextAreaField({
  label,
  error,
  hint,
  optional,
  className,
  ...textarea
}: FieldBase & ComponentProps<"textarea">) {
  return (
    <FieldShell label={label} error={error} hint={hint} optional={optional} className={className}>
      {({ id, describedBy, invalid }) => (
        <textarea
          id={id}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          rows={5}
          className={cn(controlClass, "py-2")}
          {...textarea}
        />
      )}
    </FieldShell>
  );
}

export function SelectField({
  label,
  error,
  hint,
  optional,
  className,
  options,
  placeholder,
  ...select
}: FieldBase &
  ComponentProps<"select"> & { options: { value: string; label: string }[]; placeholder?: string }) {
  return (
    <FieldShell label={label} error={error} hint={hint} optional={optional} className={className}>
      {({ id, describedBy, invalid }) => (
        <select
          id={id}
          aria-invalid={invalid}
          aria-describedby={describedBy}
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
      )}
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
        Leave this field empty
        <input type="text" name={name} tabIndex={-1} autoComplete="off" />
      </label>
    </div>
  );
}

/** A checkbox with its label beside it and its message under it (for example accepting terms). */
export function CheckboxField({
  label,
  error,
  className,
  ...input
}: { label: ReactNode; error?: string; className?: string } & Omit<ComponentProps<"input">, "type">) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div data-slot="form-field" className={className}>
      <div className="flex items-start gap-2">
        <input
          id={id}
          type="checkbox"
          aria-invalid={Boolean(error)}
          aria-describedby={errorId}
          className="mt-1 size-4"
          {...input}
        />
        <label htmlFor={id} className="text-sm text-slate-700">
          {label}
        </label>
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
