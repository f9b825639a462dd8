import { PageHero } from "~/components/content/page-hero";
import { m } from "~/paraglide/messages";

/** The facts under the title, in the page's language (built when the hero renders). */
const facts = () => [
  { label: m.about_fact_founded(), value: "2022" },
  { label: m.about_fact_where(), value: m.about_fact_where_value() },
  { label: m.about_fact_what(), value: m.about_fact_what_value() },
];

export function AboutHero() {
  return (
    <PageHero
      as="header"
      eyebrow={m.about_eyebrow()}
      title={m.about_title()}
      lead={m.about_lead()}
      width="5xl"
    >
      <dl className="mt-10 grid gap-4 sm:grid-cols-3">
        {facts().map((fact) => (
          <div key={fact.label} className="rounded-lg bg-white/10 px-4 py-3">
            <dt className="text-sm text-navy-100">{fact.label}</dt>
            <dd className="mt-1 font-semibold">{fact.value}</dd>
          </div>
        ))}
      </dl>
    </PageHero>
  );
}
