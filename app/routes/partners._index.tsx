import { href, Link } from "react-router";
import { getFeaturedPartners } from "#server/partners/queries";
import { PageHero } from "~/components/content/page-hero";
import { PageSection } from "~/components/content/page-section";
import { PartnerCard } from "~/components/partners/partner-card";
import { Button } from "~/components/ui/button";
import { deferredComponent } from "~/lib/deferred-component";
import { staticPageMeta } from "~/lib/meta";
import type { Route } from "./+types/partners._index";

const DESCRIPTION =
  "Partner with Rethink Corporate Life: list your rowing club, venue or team-building programme and reach companies throughout Denmark. Basic listing is free.";

/** The sections below the hero hydrate after the page's first load (ADR 027). */
const benefits = deferredComponent(() =>
  import("~/components/partners/partner-benefits").then((module) => module.PartnerBenefits),
);
const onboarding = deferredComponent(() =>
  import("~/components/partners/partner-onboarding").then((module) => module.PartnerOnboarding),
);
const faq = deferredComponent(() =>
  import("~/components/partners/partner-faq").then((module) => module.PartnerFaq),
);

export async function loader({ context }: Route.LoaderArgs) {
  const [partners] = await Promise.all([
    getFeaturedPartners(context.db),
    benefits.ready(),
    onboarding.ready(),
    faq.ready(),
  ]);
  return { partners };
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

      <benefits.Component />

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

      <onboarding.Component />
      <faq.Component />

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
