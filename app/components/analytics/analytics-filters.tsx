import { FilterForm } from "~/components/ui/filter-form";
import { FilterRange, FilterSelect } from "~/components/ui/filter-select";
import type { RangeProblems } from "#server/analytics/date-range";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import { m } from "~/paraglide/messages";

type EventOption = { id: string; title: string; partnerName: string };

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
    <FilterForm aria-label={m.analytics_filters_label()} className="flex flex-wrap items-start gap-3">
      <FilterRange
        idPrefix="analytics"
        type="date"
        labels={{ from: m.analytics_from(), to: m.analytics_to() }}
        values={{ from, to }}
        problems={problems}
      />
      <FilterSelect
        id="analytics-event"
        name="event"
        label={m.analytics_event()}
        value={eventId}
        all={{ value: "", label: m.analytics_all_events() }}
        options={eventOptions.map((event) => ({
          value: event.id,
          label: allPartners ? `${event.title} (${event.partnerName})` : event.title,
        }))}
      />
      <button type="submit" className={cn(buttonVariants({ variant: "outline" }), "mt-6")}>
        {m.analytics_show_figures()}
      </button>
    </FilterForm>
  );
}
