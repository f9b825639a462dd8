import { ClipboardList, Rocket, UserCheck } from "~/components/icons";
import { href, Link } from "react-router";
import { PageSection } from "~/components/content/page-section";
import { Button } from "~/components/ui/button";

/** Spec §1: onboarding has three steps. */
const STEPS = [
  {
    title: "Apply",
    body: "Tell us about your organisation and what you offer in a short application form.",
    Icon: ClipboardList,
  },
  {
    title: "Onboarding",
    body: "We review your application, then help you set up your profile and your first events.",
    Icon: UserCheck,
  },
  {
    title: "Launch",
    body: "Your profile and events go live, and companies can book your experiences through RCL.",
    Icon: Rocket,
  },
];

/** How to become a partner, in numbered steps beside a partner's own words. */
export function PartnerOnboarding() {
  return (
    <PageSection
      id="become-partner-title"
      title="Become a Partner"
      lead="Joining takes three steps. A basic listing is free; premium partnership works on revenue sharing."
    >
      <div className="mt-10 grid gap-10 lg:grid-cols-5">
        <ol className="space-y-6 lg:col-span-3">
          {STEPS.map(({ title, body, Icon }, index) => (
            <li key={title} className="flex gap-4">
              <span
                className="flex size-12 shrink-0 items-center justify-center rounded-full bg-water-600 text-white"
                aria-hidden="true"
              >
                <Icon className="size-6" />
              </span>
              <div>
                <h3 className="text-lg font-semibold text-navy-900">
                  <span className="sr-only">Step {index + 1}: </span>
                  {title}
                </h3>
                <p className="mt-1 text-slate-600">{body}</p>
              </div>
            </li>
          ))}
        </ol>
        <figure className="rounded-lg bg-navy-900 p-6 text-white sm:p-8 lg:col-span-2">
          <blockquote className="text-lg leading-relaxed">
            <p>
              “Since joining RCL, companies find us instead of the other way round. Our corporate regatta was
              fully booked weeks ahead, and the dashboard keeps every registration in one place.”
            </p>
          </blockquote>
          <figcaption className="mt-6 text-sm text-navy-100">
            <span className="block font-semibold text-white">Anne Kjær</span>
            Corporate Programme Manager, Copenhagen Harbour Rowing Club
          </figcaption>
        </figure>
      </div>
      <Button asChild size="lg" className="mt-10">
        <Link to={href("/partners/apply")}>Apply Now</Link>
      </Button>
    </PageSection>
  );
}
