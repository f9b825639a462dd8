import { FilterForm } from "~/components/ui/filter-form";
import { buttonVariants } from "~/components/ui/button";
import type { RangeProblems } from "#server/reports/report-range";

const controlClass =
  "mt-1 h-10 w-40 rounded-md border border-slate-300 bg-white px-3 text-sm aria-[invalid=true]:border-red-600";

function MonthField({
  name,
  label,
  value,
  problem,
}: {
  name: "from" | "to";
  label: string;
  value: string;
  problem: string | undefined;
}) {
  const id = `report-${name}`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="month"
        placeholder="YYYY-MM"
        defaultValue={value}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-error` : `report-range-hint`}
        className={controlClass}
      />
      {problem && (
        <p id={`${id}-error`} className="mt-1 max-w-xs text-sm text-red-700">
          {problem}
        </p>
      )}
    </div>
  );
}

/** The reports' months, in the address: a GET form, so a range can be bookmarked and shared. */
export function ReportRangeForm({
  values,
  problems,
  maxMonths,
}: {
  values: { from: string; to: string };
  problems: RangeProblems;
  maxMonths: number;
}) {
  return (
    <FilterForm role="search" aria-label="Report months" className="space-y-2">
      <div className="flex flex-wrap items-start gap-3">
        <MonthField name="from" label="From month" value={values.from} problem={problems.from} />
        <MonthField name="to" label="To month" value={values.to} problem={problems.to} />
        <button type="submit" className={`${buttonVariants({ variant: "outline" })} mt-6`}>
          Show
        </button>
      </div>
      <p id="report-range-hint" className="text-xs text-slate-500">
        Months as YYYY-MM, both included; at most {maxMonths} months.
      </p>
    </FilterForm>
  );
}
