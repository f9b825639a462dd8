import { FilterForm } from "~/components/ui/filter-form";
import type { RangeProblems } from "#server/analytics/date-range";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/utils";

const controlClass =
  "mt-1 h-10 rounded-md border border-slate-300 bg-white px-3 text-sm aria-[invalid=true]:border-red-600";

type EventOption = { id: string; title: string; partnerName: string };

function DateField({
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
  const id = `analytics-${name}`;
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="date"
        defaultValue={value}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? errorId : undefined}
        className={controlClass}
      />
      {problem && (
        <p id={errorId} className="mt-1 max-w-56 text-sm text-red-700">
          {problem}
        </p>
      )}
    </div>
  );
}

/**
 * The range and event the figures cover, as a GET form, so the address keeps them. A
 * date the page could not use is shown back as typed, with its message under it.
 */
export function AnalyticsFilters({
  from,
  to,
  problems,
  eventId,
  eventOptions,
  allPartners,
}: {
  from: string;
  to: string;
  problems: RangeProblems;
  eventId: string;
  eventOptions: EventOption[];
  allPartners: boolean;
}) {
  return (
    <FilterForm aria-label="Choose the dates and event" className="flex flex-wrap items-start gap-3">
      <DateField name="from" label="From" value={from} problem={problems.from} />
      <DateField name="to" label="To" value={to} problem={problems.to} />
      <div>
        <label htmlFor="analytics-event" className="block text-sm font-medium text-slate-700">
          Event
        </label>
        <select
          id="analytics-event"
          name="event"
          defaultValue={eventId}
          className={cn(controlClass, "max-w-xs")}
        >
          <option value="">All events</option>
          {eventOptions.map((event) => (
            <option key={event.id} value={event.id}>
              {allPartners ? `${event.title} (${event.partnerName})` : event.title}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={cn(buttonVariants({ variant: "outline" }), "mt-6")}>
        Show figures
      </button>
    </FilterForm>
  );
}
