import { href, Link } from "react-router";
import { getFeaturedPartners } from "#server/partners/queries";
import { PageHero } from "~/components/content/page-hero";
import { PageSection } from "~/components/content/page-section";
import { PartnerBenefits } from "~/components/partners/partner-benefits";
import { PartnerCard } from "~/components/partners/partner-card";
import { PartnerFaq } from "~/components/partners/partner-faq";
import { PartnerOnboarding } from "~/components/partners/partner-onboarding";
import { Button } from "~/components/ui/button";
import { staticPageMeta } from "~/lib/meta";
import type { Route } from "./+types/partners._index";

const DESCRIPTION =
  "Partner with Rethink Corporate Life: list your rowing club, venue or team-building programme and reach companies throughout Denmark. Basic listing is free.";

export async function loader({ context }: Route.LoaderArgs) {
  return { partners: await getFeaturedPartners(context.db) };
}

export const meta: Route.MetaFunction = staticPageMeta({
  title: "Partner With RCL",
  description: DESCRIPTION,
  path: "/partners",
});

export default function PartnersLanding({ loaderData }: Route.ComponentProps) {
  const { partners } = loaderData;
  return (
    <main id="main">
      <PageHero
        titleId="partners-title"
        title="Partner With RCL"
        lead="Rowing clubs, event organisers, venues and coaching services: bring your experiences to companies throughout Denmark and grow with the Rethink Corporate Life community."
        leadClassName="max-w-3xl"
        primaryAction={<Link to={href("/partners/apply")}>Apply Now</Link>}
        secondaryAction={<a href="#featured-partners-title">Meet Our Partners</a>}
      />

      <PartnerBenefits />

      <PageSection
        id="featured-partners-title"
        title="Featured Partners"
        headingClassName="scroll-mt-20"
        muted
      >
        {partners.length > 0 ? (
          <ul className="mt-10 grid gap-6 md:grid-cols-2">
            {partners.map((partner) => (
              <li key={partner.id}>
                <PartnerCard partner={partner} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-6 text-slate-600">Our featured partners will appear here soon.</p>
        )}
      </PageSection>

      <PartnerOnboarding />
      <PartnerFaq />

      <PageSection
        id="partner-contact-title"
        title="Still Have Questions?"
        lead="Our partnerships team is happy to talk through what RCL can do for your organisation."
        centered
      >
        <Button asChild size="lg" variant="outline" className="mt-8">
          <Link to={href("/contact")}>Contact Us</Link>
        </Button>
      </PageSection>
    </main>
  );
}
