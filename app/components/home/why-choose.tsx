import { BarChart3, CalendarCheck, Handshake, Users } from "~/components/icons";
import { FeatureGrid, type Feature } from "~/components/content/feature-grid";
import { PageSection } from "~/components/content/page-section";

const reasons: Feature[] = [
  {
    title: "Event Management",
    body: "Find, book and manage corporate rowing days and team events in one place, with every detail clear up front.",
    Icon: CalendarCheck,
  },
  {
    title: "Team Building",
    body: "Rowing needs every seat in the boat. Coached sessions turn colleagues into a crew that trusts each other.",
    Icon: Users,
  },
  {
    title: "Networking",
    body: "Meet leaders and professionals from other companies at mixers, brunches and workshops across Denmark.",
    Icon: Handshake,
  },
  {
    title: "Analytics",
    body: "See participation across your events and teams, so you know what brings your people together.",
    Icon: BarChart3,
  },
];

export function WhyChoose() {
  return (
    <PageSection id="why-title" title="Why Choose RCL" headingClassName="text-center">
      <FeatureGrid features={reasons} />
    </PageSection>
  );
}
