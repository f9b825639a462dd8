import type { ImageRef } from "#server/db/schema";
import { PageSection } from "~/components/content/page-section";
import { OnlyIn } from "~/components/content/only-in";
import type { Locale } from "~/lib/i18n/locale";
import { m } from "~/paraglide/messages";

type TeamMember = {
  id: string;
  name: string;
  role: string;
  bio: string;
  photo: (ImageRef & { altLang?: Locale }) | null;
  /** Texts shown in English on the Danish page, not translated yet. */
  shownIn: { role?: Locale; bio?: Locale };
};

/** Up to two capitals, shown in place of a missing portrait. */
function initials(name: string) {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? "")
    .join("");
}

export function TeamSection({ team }: { team: TeamMember[] }) {
  return (
    <PageSection
      id="team-title"
      title={m.about_team_title()}
      lead={m.about_team_lead()}
      leadClassName="mt-4 max-w-2xl text-lg text-slate-700"
      width="5xl"
      muted
    >
      <ul className="mt-10 grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
        {team.map((member) => (
          <li key={member.id} className="rounded-lg bg-white p-6 text-center shadow-sm">
            {member.photo ? (
              <img
                src={member.photo.src}
                alt={member.photo.alt}
                lang={member.photo.altLang}
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
            <p lang={member.shownIn.role} className="text-sm font-medium text-water-600">
              {member.role}
            </p>
            <OnlyIn lang={member.shownIn.bio ?? member.shownIn.role} />
            <p lang={member.shownIn.bio} className="mt-3 leading-relaxed text-slate-700">
              {member.bio}
            </p>
          </li>
        ))}
      </ul>
    </PageSection>
  );
}
