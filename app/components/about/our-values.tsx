import { Lightbulb } from "~/components/icons/lightbulb";
import { Scale } from "~/components/icons/scale";
import { Sprout } from "~/components/icons/sprout";
import { Users } from "~/components/icons/users";
import { FeatureGrid, type Feature } from "~/components/content/feature-grid";
import { PageSection } from "~/components/content/page-section";
import { m } from "~/paraglide/messages";

/** The four values, in the page's language (built when the section renders). */
const values = (): Feature[] => [
  { title: m.about_value_connection_title(), Icon: Users, body: m.about_value_connection_body() },
  { title: m.about_value_innovation_title(), Icon: Lightbulb, body: m.about_value_innovation_body() },
  { title: m.about_value_balance_title(), Icon: Scale, body: m.about_value_balance_body() },
  { title: m.about_value_growth_title(), Icon: Sprout, body: m.about_value_growth_body() },
];

export function OurValues() {
  return (
    <PageSection id="values-title" title={m.about_values_title()} width="5xl">
      <FeatureGrid features={values()} columns={2} size="lg" className="mt-8" />
    </PageSection>
  );
}
