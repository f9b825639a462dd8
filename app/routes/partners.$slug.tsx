import { ArrowLeft, CalendarDays, Globe, Mail, MapPin, Phone } from "lucide-react";
import type { ComponentProps } from "react";
import { data, Link, type ShouldRevalidateFunctionArgs } from "react-router";
import { getApprovedPartnerBySlug, getUpcomingPartnerEvents } from "#server/partners/queries";
import { httpUrlOrNull, mailtoHref, telHref, websiteHost, websiteHref } from "~/lib/contact-links";
import { MembershipsBadge } from "~/components/partners/partner-badges";
import { PartnerLogo } from "~/components/partners/partner-logo";
import { SocialIconLinks } from "~/components/site/social-icons";
import { Button } from "~/components/ui/button";
import { LinkTabs, onlyTabChanged } from "~/components/ui/link-tabs";
import { formatDate } from "~/lib/dates";
import { baseUrlFromMatches, pageMeta, pageTitle } from "~/lib/meta";
import { isSlug } from "~/lib/slug";
import { PartnerErrorPage } from "~/components/partners/partner-error";
import type { Route } from "./+types/partners.$slug";

const TABS = [
  { id: "about", label: "About" },
  { id: "events", label: "Events" },
  { id: "gallery", label: "Gallery" },
  { id: "testimonials", label: "Testimonials" },
];

export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return onlyTabChanged(args) ? false : args.defaultShouldRevalidate;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  if (!isSlug(params.slug)) throw data(null, { status: 404 });
  const partner = await getApprovedPartnerBySlug(context.db, params.slug);
  if (!partner) throw data(null, { status: 404 });
  const upcomingEvents = await getUpcomingPartnerEvents(context.db, partner.id);
  return {
    partner: {
      slug: partner.slug,
      name: partner.name,
      location: partner.location,
      address: partner.address,
      phone: partner.phone,
      email: partner.email,
      website: partner.website ? websiteHost(partner.website) : null,
      facebookUrl: httpUrlOrNull(partner.facebookUrl),
      instagramUrl: httpUrlOrNull(partner.instagramUrl),
      linkedinUrl: httpUrlOrNull(partner.linkedinUrl),
      foundedYear: partner.foundedYear,
      memberships: partner.memberships,
      description: partner.description,
      fullDescriptionHtml: partner.fullDescriptionHtml,
      facilities: partner.facilities,
      services: partner.services,
      testimonials: partner.testimonials,
      gallery: partner.gallery,
      logo: partner.logo,
      cover: partner.cover,
      eventsHosted: partner.eventsHosted,
    },
    upcomingEvents,
  };
}

type ProfilePartner = Awaited<ReturnType<typeof loader>>["partner"];

/** Image paths are stored site-relative; structured data needs absolute URLs. */
function absoluteUrl(baseUrl: string, src: string) {
  return /^https?:\/\//i.test(src) ? src : `${baseUrl}${src}`;
}

function organizationJsonLd(baseUrl: string, path: string, partner: ProfilePartner) {
  const sameAs = [partner.facebookUrl, partner.instagramUrl, partner.linkedinUrl].filter(
    (url): url is string => Boolean(url),
  );
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: partner.name,
    url: `${baseUrl}${path}`,
    description: partner.description,
    ...(partner.logo && { logo: absoluteUrl(baseUrl, partner.logo.src) }),
    ...(partner.address && { address: partner.address }),
    ...(partner.email && { email: partner.email }),
    ...(partner.phone && { telephone: partner.phone }),
    ...(partner.foundedYear && { foundingDate: String(partner.foundedYear) }),
    ...(sameAs.length > 0 && { sameAs }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [{ title: pageTitle("Partner Not Found") }];
  const { partner } = loaderData;
  const baseUrl = baseUrlFromMatches(matches);
  const path = `/partners/${partner.slug}`;
  return pageMeta(baseUrl, {
    title: partner.name,
    description: partner.description,
    path,
    image: partner.cover ?? partner.logo,
    type: "profile",
    jsonLd: organizationJsonLd(baseUrl, path, partner),
  });
};

/**
 * 'Contact' and 'Inquire About Events' open the partner's inquiry form. Other props
 * (Button's classes via asChild) pass through to the link.
 */
function ContactLink({ slug, children, ...props }: Omit<ComponentProps<"a">, "href"> & { slug: string }) {
  return (
    <Link to={`/partners/${slug}/inquire`} {...props}>
      {children}
    </Link>
  );
}

export default function PartnerProfile({ loaderData }: Route.ComponentProps) {
  const { partner, upcomingEvents } = loaderData;
  return (
    <main id="main" className="pb-16">
      <div className="relative h-40 bg-navy-900 sm:h-56 lg:h-72">
        {partner.cover && (
          <img
            src={partner.cover.src}
            alt={partner.cover.alt}
            width={partner.cover.width}
            height={partner.cover.height}
            fetchPriority="high"
            className="size-full object-cover"
          />
        )}
        <Link
          to="/partners"
          className="absolute top-4 left-4 inline-flex items-center gap-2 rounded-md bg-white/90 px-3 py-2 text-sm font-medium text-navy-900 shadow hover:bg-white"
        >
          <ArrowLeft className="size-4" aria-hidden="true" /> Back to partners
        </Link>
      </div>

      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <header className="flex flex-col gap-4 sm:flex-row sm:items-start">
          <PartnerLogo
            logo={partner.logo}
            size={112}
            loading="eager"
            className="relative -mt-14 border-4 border-white shadow-md"
          />
          <div className="min-w-0 flex-1 sm:pt-4">
            <h1 className="text-2xl font-bold break-words text-navy-900 sm:text-3xl">{partner.name}</h1>
            <ul className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2 text-slate-600">
              <li className="flex items-center gap-1.5">
                <MapPin className="size-4 shrink-0" aria-hidden="true" />
                {partner.location}
              </li>
              {partner.foundedYear !== null && (
                <li className="flex items-center gap-1.5">
                  <CalendarDays className="size-4 shrink-0" aria-hidden="true" />
                  Founded {partner.foundedYear}
                </li>
              )}
              {partner.memberships && (
                <li>
                  <MembershipsBadge memberships={partner.memberships} />
                </li>
              )}
            </ul>
          </div>
          <div className="flex flex-wrap items-center gap-3 sm:pt-4">
            <Button asChild>
              <ContactLink slug={partner.slug}>
                <Mail aria-hidden="true" /> Contact
              </ContactLink>
            </Button>
            <SocialIconLinks links={partner} name={partner.name} tone="onLight" className="flex gap-2" />
          </div>
        </header>

        <div className="mt-8 grid gap-8 lg:grid-cols-3">
          <div className="min-w-0 lg:col-span-2">
            <LinkTabs label={`About ${partner.name}`} tabs={TABS}>
              {(tab) => (
                <>
                  {tab === "about" && <AboutPanel partner={partner} />}
                  {tab === "events" && <EventsPanel partnerName={partner.name} events={upcomingEvents} />}
                  {tab === "gallery" && <GalleryPanel gallery={partner.gallery} />}
                  {tab === "testimonials" && <TestimonialsPanel testimonials={partner.testimonials} />}
                </>
              )}
            </LinkTabs>
          </div>
          <SideCard partner={partner} />
        </div>
      </div>
    </main>
  );
}

const panelHeading = "text-xl font-semibold text-navy-900";

function AboutPanel({ partner }: { partner: ProfilePartner }) {
  return (
    <div className="space-y-8">
      <section aria-labelledby="about-title">
        <h2 id="about-title" className={panelHeading}>
          About {partner.name}
        </h2>
        {partner.fullDescriptionHtml ? (
          // Sanitized when written (server/content/sanitize.ts); only that column is rendered.
          <div
            className="prose-rich mt-4"
            dangerouslySetInnerHTML={{ __html: partner.fullDescriptionHtml }}
          />
        ) : (
          <p className="mt-4 text-slate-700">{partner.description}</p>
        )}
      </section>
      {partner.facilities.length > 0 && (
        <section aria-labelledby="facilities-title">
          <h2 id="facilities-title" className={panelHeading}>
            Facilities
          </h2>
          <ul className="mt-4 list-disc space-y-1 pl-6 text-slate-700">
            {partner.facilities.map((facility) => (
              <li key={facility}>{facility}</li>
            ))}
          </ul>
        </section>
      )}
      {partner.services.length > 0 && (
        <section aria-labelledby="services-title">
          <h2 id="services-title" className={panelHeading}>
            Services
          </h2>
          <ul className="mt-4 list-disc space-y-1 pl-6 text-slate-700">
            {partner.services.map((service) => (
              <li key={service}>{service}</li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

type UpcomingEvent = Route.ComponentProps["loaderData"]["upcomingEvents"][number];

function EventsPanel({ partnerName, events }: { partnerName: string; events: UpcomingEvent[] }) {
  return (
    <section aria-labelledby="events-title">
      <h2 id="events-title" className={panelHeading}>
        Upcoming Events
      </h2>
      {events.length > 0 ? (
        <ul className="mt-4 space-y-4">
          {events.map((event) => {
            const startsAt = new Date(event.startsAt);
            return (
              <li
                key={event.id}
                className="flex flex-col gap-4 rounded-lg border border-slate-200 p-4 sm:flex-row sm:items-center"
              >
                {event.image && (
                  <img
                    src={event.image.src}
                    alt={event.image.alt}
                    width={event.image.width}
                    height={event.image.height}
                    loading="lazy"
                    className="aspect-video w-full shrink-0 rounded-md object-cover sm:w-40"
                  />
                )}
                <div className="min-w-0">
                  <p className="flex items-center gap-1.5 text-sm font-medium text-water-700">
                    <CalendarDays className="size-4 shrink-0" aria-hidden="true" />
                    <time dateTime={startsAt.toISOString()}>{formatDate(startsAt)}</time>
                  </p>
                  <h3 className="mt-1 text-lg font-semibold text-navy-900">
                    <Link to={`/events/${event.slug}`} className="hover:text-water-600 hover:underline">
                      {event.title}
                    </Link>
                  </h3>
                  <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-600">
                    <MapPin className="size-4 shrink-0" aria-hidden="true" />
                    {event.location}
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
      ) : (
        <div className="mt-4 rounded-lg border border-dashed border-slate-300 p-8 text-center">
          <p className="font-medium text-navy-900">No upcoming events at the moment.</p>
          <p className="mt-2 text-slate-600">{`Check back soon for new events from ${partnerName}.`}</p>
        </div>
      )}
    </section>
  );
}

function GalleryPanel({ gallery }: { gallery: ProfilePartner["gallery"] }) {
  return (
    <section aria-labelledby="gallery-title">
      <h2 id="gallery-title" className={panelHeading}>
        Gallery
      </h2>
      {gallery.length > 0 ? (
        <ul className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2">
          {gallery.map((image) => (
            <li key={image.src}>
              <img
                src={image.src}
                alt={image.alt}
                width={image.width}
                height={image.height}
                loading="lazy"
                className="aspect-[4/3] w-full rounded-lg object-cover"
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-slate-600">No photos yet.</p>
      )}
    </section>
  );
}

function TestimonialsPanel({ testimonials }: { testimonials: ProfilePartner["testimonials"] }) {
  return (
    <section aria-labelledby="testimonials-title">
      <h2 id="testimonials-title" className={panelHeading}>
        Testimonials
      </h2>
      {testimonials.length > 0 ? (
        <ul className="mt-4 space-y-4">
          {testimonials.map((testimonial) => (
            <li key={`${testimonial.name}-${testimonial.comment}`}>
              <figure className="rounded-lg border border-slate-200 bg-navy-50 p-6">
                <blockquote className="text-slate-800">
                  <p>“{testimonial.comment}”</p>
                </blockquote>
                <figcaption className="mt-4 text-sm">
                  <span className="block font-semibold text-navy-900">{testimonial.name}</span>
                  <span className="text-slate-600">{testimonial.position}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-slate-600">No testimonials yet.</p>
      )}
    </section>
  );
}

function SideCard({ partner }: { partner: ProfilePartner }) {
  return (
    <aside aria-labelledby="contact-title" className="lg:sticky lg:top-6 lg:self-start">
      <div className="rounded-lg border border-slate-200 p-6 shadow-sm">
        <h2 id="contact-title" className="text-lg font-semibold text-navy-900">
          Contact Information
        </h2>
        <address className="mt-4 not-italic">
          <ul className="space-y-3 text-sm text-slate-700">
            {partner.address && (
              <li className="flex items-start gap-2">
                <MapPin className="mt-0.5 size-4 shrink-0 text-water-600" aria-hidden="true" />
                <span>{partner.address}</span>
              </li>
            )}
            {partner.email && (
              <li className="flex items-center gap-2">
                <Mail className="size-4 shrink-0 text-water-600" aria-hidden="true" />
                <a href={mailtoHref(partner.email)} className="break-all text-water-600 hover:underline">
                  {partner.email}
                </a>
              </li>
            )}
            {partner.phone && (
              <li className="flex items-center gap-2">
                <Phone className="size-4 shrink-0 text-water-600" aria-hidden="true" />
                <a href={telHref(partner.phone)} className="text-water-600 hover:underline">
                  {partner.phone}
                </a>
              </li>
            )}
            {partner.website && (
              <li className="flex items-center gap-2">
                <Globe className="size-4 shrink-0 text-water-600" aria-hidden="true" />
                <a href={websiteHref(partner.website)} className="break-all text-water-600 hover:underline">
                  {partner.website}
                </a>
              </li>
            )}
          </ul>
        </address>

        <h2 className="mt-6 border-t border-slate-200 pt-6 text-lg font-semibold text-navy-900">
          Quick Stats
        </h2>
        <dl className="mt-4 space-y-3 text-sm">
          <div className="flex justify-between gap-4">
            <dt className="text-slate-600">Events Hosted</dt>
            <dd className="font-semibold text-navy-900">{partner.eventsHosted}</dd>
          </div>
          {partner.foundedYear !== null && (
            <div className="flex justify-between gap-4">
              <dt className="text-slate-600">Founded</dt>
              <dd className="font-semibold text-navy-900">{partner.foundedYear}</dd>
            </div>
          )}
          {partner.memberships && (
            <div className="flex justify-between gap-4">
              <dt className="text-slate-600">Memberships</dt>
              <dd className="text-right font-semibold text-navy-900">{partner.memberships}</dd>
            </div>
          )}
        </dl>

        <Button asChild size="lg" className="mt-6 w-full">
          <ContactLink slug={partner.slug}>Inquire About Events</ContactLink>
        </Button>
      </div>
    </aside>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PartnerErrorPage error={error} />;
}
