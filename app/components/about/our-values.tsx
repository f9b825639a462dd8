import { Lightbulb, Scale, Sprout, Users } from "~/components/icons";
import { FeatureGrid, type Feature } from "~/components/content/feature-grid";
import { PageSection } from "~/components/content/page-section";

const VALUES: Feature[] = [
  {
    title: "Connection",
    Icon: Users,
    body: "We plan every event around people meeting people. Mixed crews, a shared lunch on the jetty and time to talk matter as much as the final sprint.",
  },
  {
    title: "Innovation",
    Icon: Lightbulb,
    body: "Rowing is an old sport; the way companies reach it does not have to be. Indoor races with live leaderboards, short formats for busy calendars, and booking that speaks CVR, EAN and PO numbers.",
  },
  {
    title: "Balance",
    Icon: Scale,
    body: "A morning on the water is a break from screens and deadlines. Our events fit inside working hours, leave room for effort and recovery, and respect the Danish idea that work is one part of a good life.",
  },
  {
    title: "Growth",
    Icon: Sprout,
    body: "For participants, a first clumsy stroke becomes a new skill and a new network. For partners, corporate bookings help keep boats, coaches and youth programmes afloat. We want both to grow.",
  },
];

export function OurValues() {
  return (
    <PageSection id="values-title" title="Our values" width="5xl">
      <FeatureGrid features={VALUES} columns={2} size="lg" className="mt-8" />
    </PageSection>
  );
}
