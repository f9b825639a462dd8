import { CheckCircle2 } from "~/components/icons/circle-check";
import { Circle } from "~/components/icons/circle";
import { Link } from "react-router";
import type { OnboardingStep } from "#server/dashboard/partner-onboarding";
import { m } from "~/paraglide/messages";

/** The steps from an approved application to a launched partner page, ticked from real data. */
export function OnboardingChecklist({
  partners,
}: {
  partners: { partnerId: string; partnerName: string; steps: OnboardingStep[] }[];
}) {
  return (
    <>
      {partners.map(({ partnerId, partnerName, steps }) => {
        const done = steps.filter((step) => step.done).length;
        const headingId = `onboarding-${partnerId}`;
        return (
          <section
            key={partnerId}
            aria-labelledby={headingId}
            className="rounded-lg border border-navy-100 bg-navy-50 p-5"
          >
            <h2 id={headingId} className="text-lg font-semibold text-navy-900">
              {m.dash_onboarding_heading({ partner: partnerName })}
            </h2>
            <p className="mt-1 text-sm text-slate-700">
              {m.dash_onboarding_progress({ done, total: steps.length })}
            </p>
            <ol className="mt-4 space-y-2">
              {steps.map((step) => (
                <li key={step.id} className="flex items-start gap-2 text-sm">
                  {step.done ? (
                    <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-green-700" />
                  ) : (
                    <Circle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
                  )}
                  {step.done ? (
                    <span className="text-slate-600">
                      <span className="sr-only">{m.dash_onboarding_done()}</span>
                      {step.label}
                    </span>
                  ) : (
                    <Link to={step.to} className="font-medium text-water-700 underline hover:text-navy-900">
                      <span className="sr-only">{m.dash_onboarding_to_do()}</span>
                      {step.label}
                    </Link>
                  )}
                </li>
              ))}
            </ol>
          </section>
        );
      })}
    </>
  );
}
