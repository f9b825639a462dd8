import { PageSection } from "~/components/content/page-section";

const FAQS = [
  {
    question: "What does it cost to be listed?",
    answer:
      "A basic listing is free: your profile, your events and the partner dashboard cost nothing to use.",
  },
  {
    question: "How does premium partnership work?",
    answer:
      "Premium partnership uses revenue sharing: instead of a fixed fee, RCL keeps an agreed share of the revenue from events booked through the platform.",
  },
  {
    question: "Who can become a partner?",
    answer:
      "Rowing clubs, event organisers, venues and coaching services that offer team building, rowing or networking experiences for companies.",
  },
  {
    question: "What can I manage myself?",
    answer:
      "From your partner dashboard you create and edit events, manage registrations, message participants, see analytics and keep your profile up to date.",
  },
  {
    question: "What happens after I apply?",
    answer:
      "Our partnerships team reviews your application and contacts you by email. Once approved, we help you through onboarding so you can launch your first event.",
  },
];

/** Questions future partners ask, each opening in place without JavaScript. */
export function PartnerFaq() {
  return (
    <PageSection id="partner-faq-title" title="Frequently Asked Questions" width="3xl" muted>
      <div className="mt-8 space-y-3">
        {FAQS.map((faq) => (
          <details key={faq.question} className="group rounded-lg border border-slate-200 bg-white">
            <summary className="cursor-pointer list-none px-5 py-4 font-medium text-navy-900 [&::-webkit-details-marker]:hidden">
              <span className="flex items-center justify-between gap-4">
                {faq.question}
                <span
                  className="text-xl leading-none text-water-600 transition-transform group-open:rotate-45"
                  aria-hidden="true"
                >
                  +
                </span>
              </span>
            </summary>
            <p className="px-5 pb-5 text-slate-700">{faq.answer}</p>
          </details>
        ))}
      </div>
    </PageSection>
  );
}
