import type { ReactNode } from "react";
import { cn } from "~/lib/utils";
import { m } from "~/paraglide/messages";

/** A list filter's choice. */
type FilterOption = { value: string; label: string };

/** The choices of a filter from its labels (`{ approved: "Active", … }`), in their order. */
export const optionsOf = (labels: Record<string, string>): FilterOption[] =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

/**
 * A labelled select of a list's filter form (`FilterForm`): its value starts from the
 * address and is sent with the form. The first option is the unfiltered view ("All").
 * It never grows wider than the screen, so a filter form fits a phone.
 */
export function FilterSelect({
  id,
  name,
  label,
  value,
  all,
  options,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  /** The unfiltered choice: its value and its label ("all", "All roles"). */
  all: FilterOption;
  options: FilterOption[];
}) {
  return (
    <FilterField id={id} label={label} className="max-w-full">
      <select
        id={id}
        name={name}
        defaultValue={value}
        className="mt-1 h-10 w-full max-w-full rounded-md border border-slate-300 bg-white px-3 text-sm sm:max-w-xs"
      >
        <option value={all.value}>{all.label}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FilterField>
  );
}

/**
 * A labelled search box of a list's filter form: its text starts from the address and is
 * sent with the form. `wide` gives room for a longer query (name, email or company).
 */
export function FilterSearch({
  id,
  name,
  label,
  value,
  wide = false,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  wide?: boolean;
}) {
  return (
    <FilterField id={id} label={label}>
      <input
        id={id}
        name={name}
        type="search"
        defaultValue={value}
        className={`mt-1 h-10 ${wide ? "w-72" : "w-64"} max-w-full rounded-md border border-slate-300 px-3 text-sm`}
      />
    </FilterField>
  );
}

type RangeEnd = "from" | "to";

/**
 * The two ends of a filter form's range of dates or months (a report's, the analytics'),
 * sent as `from` and `to` and given the ids `${idPrefix}-from` and `${idPrefix}-to`. Each
 * starts from the address; an end the page could not use is shown back as typed, with
 * its message under it.
 */
export function FilterRange({
  idPrefix,
  type,
  labels,
  values,
  problems,
  hintId,
}: {
  idPrefix: string;
  type: DateType;
  labels: Record<RangeEnd, string>;
  values: Record<RangeEnd, string>;
  problems: Partial<Record<RangeEnd, string>>;
  /** The form's note on the format, which describes each box while it has no message. */
  hintId?: string;
}) {
  return (["from", "to"] as const).map((end) => (
    <FilterDate
      key={end}
      id={`${idPrefix}-${end}`}
      name={end}
      type={type}
      label={labels[end]}
      value={values[end]}
      problem={problems[end]}
      hintId={hintId}
    />
  ));
}

type DateType = "date" | "month";

/**
 * A labelled date or month. Where the browser has no month picker a month box is a text
 * box, so it shows the format and is as wide as a month; its message wraps near that width.
 */
export function FilterDate({
  id,
  name,
  type,
  label,
  value,
  problem,
  hintId,
}: {
  id: string;
  name: string;
  type: DateType;
  label: string;
  value: string;
  problem: string | undefined;
  hintId: string | undefined;
}) {
  const errorId = `${id}-error`;
  const month = type === "month";
  return (
    <FilterField id={id} label={label}>
      <input
        id={id}
        name={name}
        type={type}
        placeholder={month ? m.ui_month_placeholder() : undefined}
        defaultValue={value}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? errorId : hintId}
        className={cn(
          "mt-1 h-10",
          month && "w-40",
          "rounded-md border border-slate-300 bg-white px-3 text-sm aria-[invalid=true]:border-red-600",
        )}
      />
      {problem && (
        <p id={errorId} className={cn("mt-1", month ? "max-w-xs" : "max-w-56", "text-sm text-red-700")}>
          {problem}
        </p>
      )}
    </FilterField>
  );
}

/** A filter's label above its control (and the control's message, if any). */
function FilterField({
  id,
  label,
  className,
  children,
}: {
  id: string;
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
    </div>
  );
}
