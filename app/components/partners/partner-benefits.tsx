import { BarChart3, CalendarCog, Megaphone, Palette } from "~/components/icons";
import { FeatureGrid, type Feature } from "~/components/content/feature-grid";
import { PageSection } from "~/components/content/page-section";

/** Spec §1: the four partner benefits. */
const BENEFITS: Feature[] = [
  {
    title: "Expanded Reach",
    body: "Put your club, venue or programme in front of corporate teams and professionals across Denmark who are looking for their next event.",
    Icon: Megaphone,
  },
  {
    title: "Event Management",
    body: "Create events, manage team registrations and message participants from one partner dashboard.",
    Icon: CalendarCog,
  },
  {
    title: "Branded Experience",
    body: "Customise your profile and event pages with your own story, photos, facilities and services.",
    Icon: Palette,
  },
  {
    title: "Analytics and Insights",
    body: "See how your events perform, from registrations to participation, so you can plan the next season with confidence.",
    Icon: BarChart3,
  },
];

export function PartnerBenefits() {
  return (
    <PageSection
      id="benefits-title"
      title="Why Partner With Us"
      lead="Everything you need to reach corporate teams and run great events, in one place."
    >
      <FeatureGrid features={BENEFITS} size="md" />
    </PageSection>
  );
}
