import { href, Link } from "react-router";
import { getFeaturedPartners } from "#server/partners/queries";
import { PageHero } from "~/components/content/page-hero";
import { PageSection } from "~/components/content/page-section";
import { PartnerCard } from "~/components/partners/partner-card";
import { Button } from "~/components/ui/button";
import { deferredComponent } from "~/lib/deferred-component";
import { localizedPath } from "~/lib/i18n/locale";
import { staticPageMeta } from "~/lib/meta";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/partners._index";

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
  title: m.partners_title,
  description: m.partners_meta_description,
  path: "/partners",
});

export default function PartnersLanding({ loaderData }: Route.ComponentProps) {
  const { partners } = loaderData;
  return (
    <main id="main">
      <PageHero
        titleId="partners-title"
        title={m.partners_title()}
        lead={m.partners_lead()}
        leadClassName="max-w-3xl"
        primaryAction={<Link to={localizedPath(href("/partners/apply"))}>{m.partners_apply_now()}</Link>}
        secondaryAction={<a href="#featured-partners-title">{m.partners_meet()}</a>}
      />

      <benefits.Component />

      <PageSection
        id="featured-partners-title"
        title={m.partners_featured()}
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
          <p className="mt-6 text-slate-600">{m.partners_featured_soon()}</p>
        )}
      </PageSection>

      <onboarding.Component />
      <faq.Component />

      <PageSection
        id="partner-contact-title"
        title={m.partners_questions_title()}
        lead={m.partners_questions_lead()}
        centered
      >
        <Button asChild size="lg" variant="outline" className="mt-8">
          <Link to={localizedPath(href("/contact"))}>{m.partners_contact_us()}</Link>
        </Button>
      </PageSection>
    </main>
  );
}
