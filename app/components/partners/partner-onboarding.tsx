import { ClipboardList } from "~/components/icons/clipboard-list";
import { Rocket } from "~/components/icons/rocket";
import { UserCheck } from "~/components/icons/user-check";
import { href, Link } from "react-router";
import { PageSection } from "~/components/content/page-section";
import { Button } from "~/components/ui/button";
import { localizedPath } from "~/lib/i18n/locale";
import { m } from "~/paraglide/messages";

/** Spec §1: onboarding has three steps. */
const STEPS = [
  { id: "apply", title: m.partners_step_apply_title, body: m.partners_step_apply_body, Icon: ClipboardList },
  {
    id: "onboarding",
    title: m.partners_step_onboarding_title,
    body: m.partners_step_onboarding_body,
    Icon: UserCheck,
  },
  { id: "launch", title: m.partners_step_launch_title, body: m.partners_step_launch_body, Icon: Rocket },
];

/** How to become a partner, in numbered steps beside a partner's own words. */
export function PartnerOnboarding() {
  return (
    <PageSection
      id="become-partner-title"
      title={m.partners_onboarding_title()}
      lead={m.partners_onboarding_lead()}
    >
      <div className="mt-10 grid gap-10 lg:grid-cols-5">
        <ol className="space-y-6 lg:col-span-3">
          {STEPS.map(({ id, title, body, Icon }, index) => (
            <li key={id} className="flex gap-4">
              <span
                className="flex size-12 shrink-0 items-center justify-center rounded-full bg-water-600 text-white"
                aria-hidden="true"
              >
                <Icon className="size-6" />
              </span>
              <div>
                <h3 className="text-lg font-semibold text-navy-900">
                  <span className="sr-only">{m.partners_step_number({ number: index + 1 })}</span>
                  {title()}
                </h3>
                <p className="mt-1 text-slate-600">{body()}</p>
              </div>
            </li>
          ))}
        </ol>
        <figure className="rounded-lg bg-navy-900 p-6 text-white sm:p-8 lg:col-span-2">
          <blockquote className="text-lg leading-relaxed">
            <p>{m.partners_quote()}</p>
          </blockquote>
          <figcaption className="mt-6 text-sm text-navy-100">
            <span className="block font-semibold text-white">Anne Kjær</span>
            {m.partners_quote_role()}
          </figcaption>
        </figure>
      </div>
      <Button asChild size="lg" className="mt-10">
        <Link to={localizedPath(href("/partners/apply"))}>{m.partners_apply_now()}</Link>
      </Button>
    </PageSection>
  );
}
