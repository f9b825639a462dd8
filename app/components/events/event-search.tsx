import { Search } from "~/components/icons/search";
import { useEffect, useRef } from "react";
import { Form, href, useLocation, useNavigation, useSubmit } from "react-router";
import { Button } from "~/components/ui/button";
import { SEARCH_MAX_LENGTH, type EventListFilters } from "~/lib/event-filters";
import { eventTypeOptions } from "~/lib/event-types";
import { localizedPath } from "~/lib/i18n/locale";
import { m } from "~/paraglide/messages";

/** Typing pauses this long before the results refresh, so each keystroke is not a request. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * The events list's search and type filter. A plain GET form: the filters live in the
 * URL and work without JavaScript; with it, the results refresh while the visitor types.
 */
export function EventSearch({ filters }: { filters: EventListFilters }) {
  const submit = useSubmit();
  const debounce = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(debounce.current), []);
  // A refresh still waiting must not follow the visitor to the event they opened: it would
  // take them back to the list.
  const leaving = useNavigation().location?.pathname;
  const here = useLocation().pathname;
  useEffect(() => {
    if (leaving !== undefined && leaving !== here) clearTimeout(debounce.current);
  }, [leaving, here]);

  const refresh = (form: HTMLFormElement | null, delay = 0) => {
    clearTimeout(debounce.current);
    if (!form) return;
    debounce.current = setTimeout(
      () => void submit(form, { replace: true, preventScrollReset: true }),
      delay,
    );
  };

  return (
    <Form
      method="get"
      action={localizedPath(href("/events"))}
      role="search"
      aria-label={m.events_search_region()}
      // The button sends the form at once; a refresh the typing started is not needed after it.
      onSubmit={() => clearTimeout(debounce.current)}
      className="mt-6 grid gap-4 sm:grid-cols-[1fr_14rem_auto]"
    >
      {filters.when !== "upcoming" && <input type="hidden" name="when" value={filters.when} />}
      <div>
        <label htmlFor="events-q" className="block text-sm font-medium text-slate-700">
          {m.events_search_label()}
        </label>
        <div className="relative mt-1">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
            aria-hidden="true"
          />
          <input
            id="events-q"
            type="search"
            name="q"
            defaultValue={filters.q}
            maxLength={SEARCH_MAX_LENGTH}
            placeholder={m.events_search_placeholder()}
            onChange={(event) => refresh(event.currentTarget.form, SEARCH_DEBOUNCE_MS)}
            className="h-10 w-full rounded-md border border-slate-300 bg-white pr-3 pl-9 text-sm"
          />
        </div>
      </div>
      <div>
        <label htmlFor="events-type" className="block text-sm font-medium text-slate-700">
          {m.events_search_type()}
        </label>
        <select
          id="events-type"
          name="type"
          defaultValue={filters.type ?? ""}
          onChange={(event) => refresh(event.currentTarget.form)}
          className="mt-1 h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm"
        >
          <option value="">{m.events_search_all_types()}</option>
          {eventTypeOptions().map(({ value, label }) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div className="flex items-end">
        <Button type="submit" className="w-full sm:w-auto">
          {m.events_search_button()}
        </Button>
      </div>
    </Form>
  );
}
