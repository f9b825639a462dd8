import { Lightbulb, type LucideIcon, Scale, Sprout, Users } from "lucide-react";
import { Link } from "react-router";
import { listTeamMembers } from "#server/team/queries";
import { Button } from "~/components/ui/button";
import { baseUrlFromMatches, pageMeta } from "~/lib/meta";
import type { Route } from "./+types/about";

export async function loader({ context }: Route.LoaderArgs) {
  const team = await listTeamMembers(context.db);
  return { team };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(baseUrlFromMatches(matches), {
    title: "About Us",
    description:
      "Founded in 2022, Rethink Corporate Life connects companies with rowing clubs and venues for team building and networking throughout Denmark. Meet the team behind it.",
    path: "/about",
  });

const FACTS = [
  { label: "Founded", value: "2022" },
  { label: "Where", value: "Throughout Denmark" },
  { label: "What", value: "Rowing, team building and networking" },
];

const VALUES: { name: string; icon: LucideIcon; text: string }[] = [
  {
    name: "Connection",
    icon: Users,
    text: "We plan every event around people meeting people. Mixed crews, a shared lunch on the jetty and time to talk matter as much as the final sprint.",
  },
  {
    name: "Innovation",
    icon: Lightbulb,
    text: "Rowing is an old sport; the way companies reach it does not have to be. Indoor races with live leaderboards, short formats for busy calendars, and booking that speaks CVR, EAN and PO numbers.",
  },
  {
    name: "Balance",
    icon: Scale,
    text: "A morning on the water is a break from screens and deadlines. Our events fit inside working hours, leave room for effort and recovery, and respect the Danish idea that work is one part of a good life.",
  },
  {
    name: "Growth",
    icon: Sprout,
    text: "For participants, a first clumsy stroke becomes a new skill and a new network. For partners, corporate bookings help keep boats, coaches and youth programmes afloat. We want both to grow.",
  },
];

export default function About({ loaderData }: Route.ComponentProps) {
  const { team } = loaderData;
  return (
    <main id="main">
      <header className="bg-navy-900 text-white">
        <div className="mx-auto max-w-5xl px-4 py-16 sm:px-6 sm:py-24">
          <p className="text-sm font-semibold tracking-wide text-teal-accent uppercase">About us</p>
          <h1 className="mt-3 text-4xl font-bold tracking-tight sm:text-5xl">Nobody moves the boat alone</h1>
          <p className="mt-6 max-w-2xl text-lg text-navy-100 sm:text-xl">
            Rethink Corporate Life brings Danish companies onto the water. We connect teams with rowing clubs,
            venues and coaches for team building and networking that people still talk about months later.
          </p>
          <dl className="mt-10 grid gap-4 sm:grid-cols-3">
            {FACTS.map((fact) => (
              <div key={fact.label} className="rounded-lg bg-white/10 px-4 py-3">
                <dt className="text-sm text-navy-100">{fact.label}</dt>
                <dd className="mt-1 font-semibold">{fact.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </header>

      <section aria-labelledby="story-title" className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
        <h2 id="story-title" className="text-3xl font-bold text-navy-900">
          Our story
        </h2>
        <div className="mt-6 space-y-4 text-lg leading-relaxed text-slate-700">
          <p>
            Rethink Corporate Life started in 2022 with a simple observation: the best conversations at work
            rarely happen in meeting rooms. Our founder had spent years in a racing eight and then a decade in
            consulting, and kept seeing the same thing. A crew learns in one morning what many teams spend a
            year of workshops trying to learn: you only move forward when everyone pulls together, in rhythm.
          </p>
          <p>
            Denmark is a country of harbours, lakes and fjords, with rowing clubs in towns all over the map.
            Many of them have boats, coaches and boathouses that are quiet on weekdays, while companies search
            for team days that are more than another escape room. We built RCL to bring the two together.
          </p>
          <p>
            Today we work throughout Denmark, from the harbour in Copenhagen to the lakes around Silkeborg and
            the fjords of Jutland. Our partners run coached taster sessions, indoor rowing challenges,
            corporate regattas and networking evenings by the water. Companies find and book team spots in one
            place; partners get the reach and the tools to fill their boats.
          </p>
        </div>
      </section>

      <div className="bg-navy-50">
        <div className="mx-auto grid max-w-5xl gap-6 px-4 py-16 sm:px-6 md:grid-cols-2">
          <section aria-labelledby="mission-title" className="rounded-lg bg-white p-6 shadow-sm sm:p-8">
            <h2 id="mission-title" className="text-2xl font-bold text-navy-900">
              Our mission
            </h2>
            <p className="mt-4 leading-relaxed text-slate-700">
              To make it easy for companies in Denmark to bring people together through shared experiences on
              and by the water: events that build trust across departments, welcome complete beginners and
              leave room for real conversations.
            </p>
          </section>
          <section aria-labelledby="vision-title" className="rounded-lg bg-white p-6 shadow-sm sm:p-8">
            <h2 id="vision-title" className="text-2xl font-bold text-navy-900">
              Our vision
            </h2>
            <p className="mt-4 leading-relaxed text-slate-700">
              A Danish working life where colleagues, and professionals from different companies, meet as
              crews rather than job titles, and where every club and venue that wants to host them is easy to
              find and book.
            </p>
          </section>
        </div>
      </div>

      <section aria-labelledby="values-title" className="mx-auto max-w-5xl px-4 py-16 sm:px-6">
        <h2 id="values-title" className="text-3xl font-bold text-navy-900">
          Our values
        </h2>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2">
          {VALUES.map(({ name, icon: Icon, text }) => (
            <li key={name} className="rounded-lg border border-slate-200 p-6">
              <Icon className="size-8 text-water-600" aria-hidden="true" />
              <h3 className="mt-4 text-xl font-semibold text-navy-900">{name}</h3>
              <p className="mt-2 leading-relaxed text-slate-700">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      {team.length > 0 && (
        <section aria-labelledby="team-title" className="bg-navy-50">
          <div className="mx-auto max-w-5xl px-4 py-16 sm:px-6">
            <h2 id="team-title" className="text-3xl font-bold text-navy-900">
              Meet the team
            </h2>
            <p className="mt-4 max-w-2xl text-lg text-slate-700">
              A small team of rowers, planners and connectors who know both the boathouse and the boardroom.
            </p>
            <ul className="mt-10 grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
              {team.map((member) => (
                <li key={member.id} className="rounded-lg bg-white p-6 text-center shadow-sm">
                  {member.photo ? (
                    <img
                      src={member.photo.src}
                      alt={member.photo.alt}
                      width={member.photo.width}
                      height={member.photo.height}
                      loading="lazy"
                      className="mx-auto size-32 rounded-full object-cover"
                    />
                  ) : (
                    <div
                      aria-hidden="true"
                      className="mx-auto flex size-32 items-center justify-center rounded-full bg-navy-100 text-3xl font-semibold text-navy-700"
                    >
                      {initials(member.name)}
                    </div>
                  )}
                  <h3 className="mt-4 text-xl font-semibold text-navy-900">{member.name}</h3>
                  <p className="text-sm font-medium text-water-600">{member.role}</p>
                  <p className="mt-3 leading-relaxed text-slate-700">{member.bio}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}

      <section aria-labelledby="join-title" className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6">
        <h2 id="join-title" className="text-3xl font-bold text-navy-900">
          Bring your team on the water
        </h2>
        <p className="mt-4 text-lg text-slate-700">
          Create a free account to register teams for events and join the community, or tell us what you are
          planning and we will help you find the right partner.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-4 sm:flex-row">
          <Button asChild size="lg">
            <Link to="/signup">Sign Up Now</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/contact">Contact Us</Link>
          </Button>
        </div>
      </section>
    </main>
  );
}

function initials(name: string) {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? "")
    .join("");
}
