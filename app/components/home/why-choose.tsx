import { BarChart3 } from "~/components/icons/chart-column";
import { CalendarCheck } from "~/components/icons/calendar-check";
import { Handshake } from "~/components/icons/handshake";
import { Users } from "~/components/icons/users";
import { FeatureGrid, type Feature } from "~/components/content/feature-grid";
import { PageSection } from "~/components/content/page-section";
import { m } from "~/paraglide/messages";

/** The reasons, in the page's language (built when the section renders). */
const reasons = (): Feature[] => [
  { title: m.home_reason_events_title(), body: m.home_reason_events_body(), Icon: CalendarCheck },
  { title: m.home_reason_team_title(), body: m.home_reason_team_body(), Icon: Users },
  { title: m.home_reason_networking_title(), body: m.home_reason_networking_body(), Icon: Handshake },
  { title: m.home_reason_analytics_title(), body: m.home_reason_analytics_body(), Icon: BarChart3 },
];

export function WhyChoose() {
  return (
    <PageSection id="why-title" title={m.home_why_title()} headingClassName="text-center">
      <FeatureGrid features={reasons()} />
    </PageSection>
  );
}
