import { PageSection } from "~/components/content/page-section";
import { m } from "~/paraglide/messages";

const FAQS = [
  { id: "cost", question: m.partners_faq_cost_q, answer: m.partners_faq_cost_a },
  { id: "premium", question: m.partners_faq_premium_q, answer: m.partners_faq_premium_a },
  { id: "who", question: m.partners_faq_who_q, answer: m.partners_faq_who_a },
  { id: "manage", question: m.partners_faq_manage_q, answer: m.partners_faq_manage_a },
  { id: "after", question: m.partners_faq_after_q, answer: m.partners_faq_after_a },
];

/** Questions future partners ask, each opening in place without JavaScript. */
export function PartnerFaq() {
  return (
    <PageSection id="partner-faq-title" title={m.partners_faq_title()} width="3xl" muted>
      <div className="mt-8 space-y-3">
        {FAQS.map((faq) => (
          <details key={faq.id} className="group rounded-lg border border-slate-200 bg-white">
            <summary className="cursor-pointer list-none px-5 py-4 font-medium text-navy-900 [&::-webkit-details-marker]:hidden">
              <span className="flex items-center justify-between gap-4">
                {faq.question()}
                <span
                  className="text-xl leading-none text-water-600 transition-transform group-open:rotate-45"
                  aria-hidden="true"
                >
                  +
                </span>
              </span>
            </summary>
            <p className="px-5 pb-5 text-slate-700">{faq.answer()}</p>
          </details>
        ))}
      </div>
    </PageSection>
  );
}
