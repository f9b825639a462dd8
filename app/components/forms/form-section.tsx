import type { ReactNode } from "react";

/**
 * A fieldset's legend that is also a heading, so the page's outline runs h1, h2 per
 * section, and the headings people write in the description come under it. A form that
 * sits under a heading of the page's own (a booking's "Team and roster") keeps its
 * legends `plain`: styled as headings, not headings.
 */
export function SectionLegend({ plain = false, children }: { plain?: boolean; children: ReactNode }) {
  if (plain) return <legend className="px-1 text-lg font-semibold text-navy-900">{children}</legend>;
  return (
    <legend className="px-1">
      <h2 className="text-lg font-semibold text-navy-900">{children}</h2>
    </legend>
  );
}

/**
 * A section of a long form (an editor, the team form): a bordered fieldset under its
 * legend, whose fields stand in two columns from a tablet up.
 */
export function FormSection({
  legend,
  plain = false,
  children,
}: {
  legend: string;
  /** See `SectionLegend`. */
  plain?: boolean;
  children: ReactNode;
}) {
  return (
    <fieldset className="grid gap-5 rounded-lg border border-slate-200 p-4 sm:grid-cols-2 sm:p-6">
      <SectionLegend plain={plain}>{legend}</SectionLegend>
      {children}
    </fieldset>
  );
}
