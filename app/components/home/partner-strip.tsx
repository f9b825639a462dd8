import { href, Link } from "react-router";
import type { ImageRef } from "#server/db/schema";
import { PageSection } from "~/components/content/page-section";
import { PartnerLogo } from "~/components/partners/partner-logo";
import { Button } from "~/components/ui/button";

type StripPartner = { slug: string; name: string; logo: ImageRef | null };

/** The partners' logos, each linking to its profile, and the way to become one. */
export function PartnerStrip({ partners }: { partners: StripPartner[] }) {
  return (
    <PageSection
      id="partners-title"
      title="Our Partners"
      lead="Rowing clubs, venues and organisers who run our events."
      leadClassName="mt-2"
      muted
      centered
    >
      <ul className="mt-8 flex flex-wrap justify-center gap-6">
        {partners.map((partner) => (
          <li key={partner.slug}>
            <Link
              to={href("/partners/:slug", { slug: partner.slug })}
              className="flex w-40 flex-col items-center gap-3 rounded-lg bg-white p-5 shadow-sm hover:shadow"
            >
              <PartnerLogo logo={partner.logo} size={80} decorative />
              <span className="text-sm font-medium text-navy-900">{partner.name}</span>
            </Link>
          </li>
        ))}
      </ul>
      <Button asChild className="mt-8">
        <Link to={href("/partners")}>Become a Partner</Link>
      </Button>
    </PageSection>
  );
}
