import { FilterForm } from "~/components/ui/filter-form";
import { buttonVariants } from "~/components/ui/button";
import { FilterRange } from "~/components/ui/filter-select";
import type { RangeProblems } from "#server/reports/report-range";
import { m } from "~/paraglide/messages";

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
    <FilterForm role="search" aria-label={m.reports_range_form_label()} className="space-y-2">
      <div className="flex flex-wrap items-start gap-3">
        <FilterRange
          idPrefix="report"
          type="month"
          labels={{ from: m.reports_from_month(), to: m.reports_to_month() }}
          values={values}
          problems={problems}
          hintId={HINT_ID}
        />
        <button type="submit" className={`${buttonVariants({ variant: "outline" })} mt-6`}>
          {m.reports_show()}
        </button>
      </div>
      <p id={HINT_ID} className="text-xs text-slate-500">
        {m.reports_range_hint({ max: maxMonths })}
      </p>
    </FilterForm>
  );
}
