/**
 * A list's totals over every row its filters match, not only the page shown: each figure
 * named, then a note on what is counted.
 */
export function ListTotals({
  id,
  label,
  figures,
  note,
}: {
  id: string;
  label: string;
  figures: [term: string, value: string][];
  note: string;
}) {
  return (
    <section aria-labelledby={id} className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id={id} className="text-sm font-semibold text-navy-900">
        {label}
      </h2>
      <dl className="mt-2 grid gap-4 text-sm sm:grid-cols-[repeat(auto-fit,minmax(9rem,1fr))]">
        {figures.map(([term, value]) => (
          <div key={term}>
            <dt className="text-slate-600">{term}</dt>
            <dd className="mt-0.5 text-base font-semibold text-slate-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-xs text-slate-600">{note}</p>
    </section>
  );
}
