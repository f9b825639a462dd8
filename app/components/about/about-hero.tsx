import { PageHero } from "~/components/content/page-hero";

const FACTS = [
  { label: "Founded", value: "2022" },
  { label: "Where", value: "Throughout Denmark" },
  { label: "What", value: "Rowing, team building and networking" },
];

export function AboutHero() {
  return (
    <PageHero
      as="header"
      eyebrow="About us"
      title="Nobody moves the boat alone"
      lead="Rethink Corporate Life brings Danish companies onto the water. We connect teams with rowing clubs, venues and coaches for team building and networking that people still talk about months later."
      width="5xl"
    >
      <dl className="mt-10 grid gap-4 sm:grid-cols-3">
        {FACTS.map((fact) => (
          <div key={fact.label} className="rounded-lg bg-white/10 px-4 py-3">
            <dt className="text-sm text-navy-100">{fact.label}</dt>
            <dd className="mt-1 font-semibold">{fact.value}</dd>
          </div>
        ))}
      </dl>
    </PageHero>
  );
}
