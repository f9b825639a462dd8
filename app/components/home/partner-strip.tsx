import { Plus } from "~/components/icons/plus";
import { href, Link } from "react-router";
import type { ImageRef } from "#server/db/schema";
import { PageSection } from "~/components/content/page-section";
import { PartnerLogo } from "~/components/partners/partner-logo";
import { localizedPath } from "~/lib/i18n/locale";
import { publicPartnerPath } from "~/lib/public-paths";
import { m } from "~/paraglide/messages";

type StripPartner = { slug: string; name: string; logo: ImageRef | null };

/** Spec §2 Home: six partner tiles, the places no partner fills yet inviting new ones. */
export const PARTNER_TILES = 6;

const tileClass =
  "flex h-full flex-col items-center justify-center gap-3 rounded-lg p-5 text-center text-sm font-medium";

/**
 * The partners' logos, each linking to its profile, then 'Become a Partner' tiles that
 * lead to the application until six places are filled.
 */
export function PartnerStrip({ partners }: { partners: StripPartner[] }) {
  const shown = partners.slice(0, PARTNER_TILES);
  const openPlaces = PARTNER_TILES - shown.length;
  return (
    <PageSection
      id="partners-title"
      title={m.home_partners_title()}
      lead={m.home_partners_lead()}
      leadClassName="mt-2 max-w-2xl text-slate-600"
      muted
      centered
    >
      <ul className="mt-8 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
        {shown.map((partner) => (
          <li key={partner.slug}>
            <Link
              to={publicPartnerPath(partner.slug)}
              className={`${tileClass} bg-white text-navy-900 shadow-sm hover:shadow`}
            >
              <PartnerLogo logo={partner.logo} size={80} decorative />
              {partner.name}
            </Link>
          </li>
        ))}
        {Array.from({ length: openPlaces }, (_, index) => (
          <li key={`open-${index}`}>
            <Link
              to={localizedPath(href("/partners/apply"))}
              className={`${tileClass} border-2 border-dashed border-slate-300 text-water-600 hover:border-water-600 hover:bg-white`}
            >
              <span className="inline-flex size-20 items-center justify-center rounded-full bg-white">
                <Plus className="size-8" aria-hidden="true" />
              </span>
              {m.home_become_partner()}
            </Link>
          </li>
        ))}
      </ul>
    </PageSection>
  );
}
