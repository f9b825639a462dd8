import type { IconComponent } from "~/components/icons/create-icon";
import { useId } from "react";
import { m } from "~/paraglide/messages";

export type Stat = { label: string; value: string; hint: string; icon: IconComponent };

/** The four figures at the top of a dashboard, as a description list. */
export function StatGrid({ stats }: { stats: Stat[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="sr-only">
        {m.dash_overview()}
      </h2>
      <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {stats.map((stat) => (
          <StatCard key={stat.label} stat={stat} />
        ))}
      </dl>
    </section>
  );
}

function StatCard({ stat: { label, value, hint, icon: Icon } }: { stat: Stat }) {
  return (
    <div className="flex flex-col rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <dt className="flex items-center justify-between gap-3 text-sm font-medium text-slate-600">
        {label}
        <Icon className="size-5 shrink-0 text-water-600" aria-hidden="true" />
      </dt>
      <dd className="mt-2 text-3xl font-semibold text-navy-900">{value}</dd>
      <dd className="mt-1 text-sm text-slate-600">{hint}</dd>
    </div>
  );
}
