import type { FormFieldMeta } from "~/components/ui/form-field";
import { cn } from "~/lib/utils";

/** One radio of a group: its value, its label, and a sentence under it when it needs one. */
export type RadioOption = { value: string; label: string; hint?: string };

/**
 * A choice of one as radios in a group named by its legend, described by the hint and the
 * message under it, and marked invalid with the message. The group carries the field's id,
 * so the error summary's link leads to it. The typed value is chosen, else `fallback`.
 */
export function RadioGroupField({
  field,
  legend,
  options,
  hint,
  fallback,
  className,
}: {
  field: FormFieldMeta;
  legend: string;
  options: RadioOption[];
  hint?: string;
  fallback?: string;
  className?: string;
}) {
  const error = field.errors?.[0];
  const legendId = `${field.id}-legend`;
  const describedBy = [hint && field.descriptionId, error && field.errorId].filter(Boolean).join(" ");
  const chosen = typeof field.initialValue === "string" ? field.initialValue : fallback;
  return (
    <fieldset
      id={field.id}
      data-slot="form-field"
      role="radiogroup"
      aria-labelledby={legendId}
      aria-invalid={Boolean(error)}
      aria-describedby={describedBy || undefined}
      className={cn("space-y-2", className)}
    >
      <legend id={legendId} className="text-sm font-medium text-slate-700">
        {legend}
      </legend>
      {options.map((option) => {
        const hintId = `${field.id}-${option.value}-hint`;
        return (
          // The key changes with the form's, so a reset form shows its value again.
          <div key={`${option.value}-${field.key ?? ""}`}>
            <label className="flex items-start gap-2 text-sm text-slate-800">
              <input
                type="radio"
                name={field.name}
                value={option.value}
                defaultChecked={chosen === option.value}
                aria-describedby={option.hint ? hintId : undefined}
                className="mt-0.5 size-4 shrink-0 accent-water-600"
              />
              {option.label}
            </label>
            {option.hint && (
              <p id={hintId} className="ml-6 text-sm text-slate-600">
                {option.hint}
              </p>
            )}
          </div>
        );
      })}
      {hint && (
        <p id={field.descriptionId} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={field.errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
