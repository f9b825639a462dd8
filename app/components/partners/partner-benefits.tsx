import { BarChart3 } from "~/components/icons/chart-column";
import { CalendarCog } from "~/components/icons/calendar-cog";
import { Megaphone } from "~/components/icons/megaphone";
import { Palette } from "~/components/icons/palette";
import { FeatureGrid, type Feature } from "~/components/content/feature-grid";
import { PageSection } from "~/components/content/page-section";
import { m } from "~/paraglide/messages";

/** Spec §1: the four partner benefits, in the page's language. */
const benefits = (): Feature[] => [
  { title: m.partners_benefit_reach_title(), body: m.partners_benefit_reach_body(), Icon: Megaphone },
  {
    title: m.partners_benefit_management_title(),
    body: m.partners_benefit_management_body(),
    Icon: CalendarCog,
  },
  { title: m.partners_benefit_branded_title(), body: m.partners_benefit_branded_body(), Icon: Palette },
  {
    title: m.partners_benefit_analytics_title(),
    body: m.partners_benefit_analytics_body(),
    Icon: BarChart3,
  },
];

export function PartnerBenefits() {
  return (
    <PageSection id="benefits-title" title={m.partners_benefits_title()} lead={m.partners_benefits_lead()}>
      <FeatureGrid features={benefits()} size="md" />
    </PageSection>
  );
}
