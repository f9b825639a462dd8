import { listAboutStaff } from "#server/about-staff/queries";
import { AboutHero } from "~/components/about/about-hero";
import { MissionAndVision } from "~/components/about/mission-and-vision";
import { OurStory } from "~/components/about/our-story";
import { OurValues } from "~/components/about/our-values";
import { TeamSection } from "~/components/about/team-section";
import { PageSection } from "~/components/content/page-section";
import { SignUpOrContact } from "~/components/content/sign-up-or-contact";
import { staticPageMeta } from "~/lib/meta";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/about";

export async function loader({ context }: Route.LoaderArgs) {
  const team = await listAboutStaff(context.db);
  return { team };
}

export const meta: Route.MetaFunction = staticPageMeta({
  title: m.about_meta_title,
  description: m.about_meta_description,
  path: "/about",
});

export default function About({ loaderData }: Route.ComponentProps) {
  const { team } = loaderData;
  return (
    <main id="main">
      <AboutHero />
      <OurStory />
      <MissionAndVision />
      <OurValues />
      {team.length > 0 && <TeamSection team={team} />}
      <PageSection
        id="join-title"
        title={m.about_join_title()}
        lead={m.about_join_lead()}
        leadClassName="mt-4 text-lg text-slate-700"
        width="3xl"
        centered
      >
        <SignUpOrContact className="flex-col sm:flex-row" />
      </PageSection>
    </main>
  );
}
