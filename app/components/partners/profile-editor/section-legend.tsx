import type { ReactNode } from "react";

/**
 * A fieldset's legend that is also a heading, so the page's outline runs h1, h2 per
 * section, and the headings people write in the description come under it.
 */
export function SectionLegend({ children }: { children: ReactNode }) {
  return (
    <legend className="px-1">
      <h2 className="text-lg font-semibold text-navy-900">{children}</h2>
    </legend>
  );
}
