import { FilterForm } from "~/components/ui/filter-form";
import { buttonVariants } from "~/components/ui/button";
import { FilterRange } from "~/components/ui/filter-select";
import type { RangeProblems } from "#server/reports/report-range";

const HINT_ID = "report-range-hint";

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
        <FilterRange
          idPrefix="report"
          type="month"
          labels={{ from: "From month", to: "To month" }}
          values={values}
          problems={problems}
          hintId={HINT_ID}
        />
        <button type="submit" className={`${buttonVariants({ variant: "outline" })} mt-6`}>
          Show
        </button>
      </div>
      <p id={HINT_ID} className="text-xs text-slate-500">
        Months as YYYY-MM, both included; at most {maxMonths} months.
      </p>
    </FilterForm>
  );
}
