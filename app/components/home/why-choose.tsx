import { BarChart3, CalendarCheck, Handshake, Users } from "lucide-react";

const reasons = [
  {
    title: "Event Management",
    body: "Find, book and manage corporate rowing days and team events in one place, with every detail clear up front.",
    Icon: CalendarCheck,
  },
  {
    title: "Team Building",
    body: "Rowing needs every seat in the boat. Coached sessions turn colleagues into a crew that trusts each other.",
    Icon: Users,
  },
  {
    title: "Networking",
    body: "Meet leaders and professionals from other companies at mixers, brunches and workshops across Denmark.",
    Icon: Handshake,
  },
  {
    title: "Analytics",
    body: "See participation across your events and teams, so you know what brings your people together.",
    Icon: BarChart3,
  },
];

export function WhyChoose() {
  return (
    <section aria-labelledby="why-title" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
      <h2 id="why-title" className="text-center text-3xl font-bold text-navy-900">
        Why Choose RCL
      </h2>
      <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {reasons.map(({ title, body, Icon }) => (
          <li key={title} className="rounded-lg border border-slate-200 p-6">
            <Icon className="size-8 text-water-600" aria-hidden="true" />
            <h3 className="mt-4 text-lg font-semibold text-navy-900">{title}</h3>
            <p className="mt-2 text-sm text-slate-600">{body}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
