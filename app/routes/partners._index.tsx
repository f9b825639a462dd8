import { BarChart3, CalendarCog, ClipboardList, Megaphone, Palette, Rocket, UserCheck } from "lucide-react";
import { Link } from "react-router";
import { getFeaturedPartners } from "#server/partners/queries";
import { PartnerCard } from "~/components/partners/partner-card";
import { Button } from "~/components/ui/button";
import { baseUrlFromMatches, pageMeta } from "~/lib/meta";
import type { Route } from "./+types/partners._index";

const DESCRIPTION =
  "Partner with Rethink Corporate Life: list your rowing club, venue or team-building programme and reach companies throughout Denmark. Basic listing is free.";

/** Spec §1: the four partner benefits. */
const BENEFITS = [
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

export async function loader({ context }: Route.LoaderArgs) {
  return { partners: await getFeaturedPartners(context.db) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(baseUrlFromMatches(matches), {
    title: "Partner With RCL",
    description: DESCRIPTION,
    path: "/partners",
  });

export default function PartnersLanding({ loaderData }: Route.ComponentProps) {
  const { partners } = loaderData;
  return (
    <main id="main">
      <section aria-labelledby="partners-title" className="bg-navy-900 text-white">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-24">
          <div className="max-w-3xl">
            <h1 id="partners-title" className="text-4xl font-bold tracking-tight sm:text-5xl">
              Partner With RCL
            </h1>
            <p className="mt-6 text-lg text-navy-100 sm:text-xl">
              Rowing clubs, event organisers, venues and coaching services: bring your experiences to
              companies throughout Denmark and grow with the Rethink Corporate Life community.
            </p>
            <div className="mt-10 flex flex-wrap gap-4">
              <Button asChild size="lg">
                <Link to="/partners/apply">Apply Now</Link>
              </Button>
              <Button asChild size="lg" variant="outline-light">
                <a href="#featured-partners-title">Meet Our Partners</a>
              </Button>
            </div>
          </div>
        </div>
      </section>

      <section aria-labelledby="benefits-title" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <h2 id="benefits-title" className="text-3xl font-bold text-navy-900">
          Why Partner With Us
        </h2>
        <p className="mt-3 max-w-2xl text-slate-600">
          Everything you need to reach corporate teams and run great events, in one place.
        </p>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {BENEFITS.map(({ title, body, Icon }) => (
            <li key={title} className="rounded-lg border border-slate-200 p-6">
              <Icon className="size-8 text-water-600" aria-hidden="true" />
              <h3 className="mt-4 text-lg font-semibold text-navy-900">{title}</h3>
              <p className="mt-2 text-slate-600">{body}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="featured-partners-title" className="bg-navy-50">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
          <h2 id="featured-partners-title" className="scroll-mt-20 text-3xl font-bold text-navy-900">
            Featured Partners
          </h2>
          {partners.length > 0 ? (
            <ul className="mt-10 grid gap-6 md:grid-cols-2">
              {partners.map((partner) => (
                <li key={partner.id}>
                  <PartnerCard partner={partner} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-6 text-slate-600">Our featured partners will appear here soon.</p>
          )}
        </div>
      </section>

      <section aria-labelledby="become-partner-title" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <h2 id="become-partner-title" className="text-3xl font-bold text-navy-900">
          Become a Partner
        </h2>
        <p className="mt-3 max-w-2xl text-slate-600">
          Joining takes three steps. A basic listing is free; premium partnership works on revenue sharing.
        </p>
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
                “Since joining RCL, companies find us instead of the other way round. Our corporate regatta
                was fully booked weeks ahead, and the dashboard keeps every registration in one place.”
              </p>
            </blockquote>
            <figcaption className="mt-6 text-sm text-navy-100">
              <span className="block font-semibold text-white">Anne Kjær</span>
              Corporate Programme Manager, Copenhagen Harbour Rowing Club
            </figcaption>
          </figure>
        </div>
        <Button asChild size="lg" className="mt-10">
          <Link to="/partners/apply">Apply Now</Link>
        </Button>
      </section>

      <section aria-labelledby="partner-faq-title" className="bg-navy-50">
        <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
          <h2 id="partner-faq-title" className="text-3xl font-bold text-navy-900">
            Frequently Asked Questions
          </h2>
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
        </div>
      </section>

      <section
        aria-labelledby="partner-contact-title"
        className="mx-auto max-w-7xl px-4 py-16 text-center sm:px-6"
      >
        <h2 id="partner-contact-title" className="text-3xl font-bold text-navy-900">
          Still Have Questions?
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-slate-600">
          Our partnerships team is happy to talk through what RCL can do for your organisation.
        </p>
        <Button asChild size="lg" variant="outline" className="mt-8">
          <Link to="/contact">Contact Us</Link>
        </Button>
      </section>
    </main>
  );
}
