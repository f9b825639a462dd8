import type { ReactNode } from "react";
import { cn } from "~/lib/utils";

/** A part of a record's page in its own box, under a heading that names it for screen readers. */
export function RecordSection({
  id,
  title,
  className,
  children,
}: {
  /** The heading's id, unique on the page. */
  id: string;
  title: ReactNode;
  /** Spacing and text size inside the box. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={cn("rounded-lg border border-slate-200 p-5", className)}>
      <h2 id={id} className="text-lg font-semibold text-navy-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** One fact of a record: its label and its value. */
export type Fact = [label: string, value: ReactNode];

/** A record's facts, each label above its value, in two columns on a wide screen (three with `wide`). */
export function FactList({ facts, wide = false }: { facts: Fact[]; wide?: boolean }) {
  return (
    <dl className={cn("mt-4 grid gap-4 text-sm sm:grid-cols-2", wide && "lg:grid-cols-3")}>
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt className="text-slate-500">{label}</dt>
          <dd className="mt-1 break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
