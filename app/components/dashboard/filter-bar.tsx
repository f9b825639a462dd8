import type { ComponentProps, ReactNode } from "react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { FilterForm } from "~/components/ui/filter-form";
import { FilterSearch, FilterSelect } from "~/components/ui/filter-select";
import { m } from "~/paraglide/messages";

type Option = ComponentProps<typeof FilterSelect>["all"];

/** The usual unfiltered choice of a select, in the page's language. */
export const allOption = (): Option => ({ value: "all", label: m.dash_filter_all() });

/** One filter of a list: a choice or a search box, sent as the query parameter `name`. */
export type FilterField<Name extends string> =
  | { kind: "select"; name: Name; label: string; all: Option; options: Option[] }
  | { kind: "search"; name: Name; label: string; wide?: boolean };

/** The choice of one partner, sent as `partner` (its id); "" is every partner. */
export function partnerFilter(partners: readonly { id: string; name: string }[]): FilterField<"partner"> {
  return {
    name: "partner",
    kind: "select",
    label: m.dash_filter_partner(),
    all: { value: "", label: m.dash_filter_all_partners() },
    options: partners.map((partner) => ({ value: partner.id, label: partner.name })),
  };
}

/**
 * A workspace list's filters: a GET form of its fields, each starting from the value the
 * list was read with (`readListFilters`), the button that applies them and, once any is
 * set, the way back to the whole list. `children` are controls of the list's own (days),
 * after the fields.
 */
export function FilterBar<Values extends Record<string, string>>({
  id,
  label,
  values,
  fields,
  submitLabel = m.dash_filter_submit(),
  clearTo,
  children,
}: {
  /** Prefixes the fields' ids, unique on the page ("user" gives "user-role"). */
  id: string;
  /** The form's name for screen readers, when the page has more than one search. */
  label?: string;
  values: Values;
  fields: FilterField<keyof Values & string>[];
  submitLabel?: string;
  /** The unfiltered list, offered while a filter is set. */
  clearTo?: string | null;
  children?: ReactNode;
}) {
  return (
    <FilterForm role="search" aria-label={label} className="flex flex-wrap items-end gap-3">
      {fields.map((field) => (
        <Field key={field.name} id={`${id}-${field.name}`} field={field} value={values[field.name] ?? ""} />
      ))}
      {children}
      <button type="submit" className={buttonVariants({ variant: "outline" })}>
        {submitLabel}
      </button>
      {clearTo && (
        <Link to={clearTo} className="h-10 py-2 text-sm whitespace-nowrap text-water-700 underline">
          {m.dash_filter_clear()}
        </Link>
      )}
    </FilterForm>
  );
}

function Field({ id, field, value }: { id: string; field: FilterField<string>; value: string }) {
  const { name, label } = field;
  return field.kind === "select" ? (
    <FilterSelect id={id} name={name} label={label} value={value} all={field.all} options={field.options} />
  ) : (
    <FilterSearch id={id} name={name} label={label} value={value} wide={field.wide} />
  );
}
