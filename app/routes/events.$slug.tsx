import { useEffect } from "react";
import { data, href, isRouteErrorResponse, Link, type ShouldRevalidateFunctionArgs } from "react-router";
import { getPublishedEventBySlug, listOtherEvents } from "#server/events/queries";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { SectionHeading } from "~/components/content/page-section";
import { CancellationTerms } from "~/components/events/cancellation-terms";
import { EventGrid } from "~/components/events/event-grid";
import { EventHeader } from "~/components/events/event-header";
import { EventInfoTabs } from "~/components/events/event-info-tabs";
import { OrganizerCard } from "~/components/events/organizer-card";
import { RegistrationCard } from "~/components/events/registration-card";
import { NoticePage } from "~/components/site/error-pages";
import { Button } from "~/components/ui/button";
import { onlyTabChanged } from "~/components/ui/link-tabs";
import { notify } from "~/components/ui/toaster";
import { baseUrlFromMatches, pageMeta, pageTitle } from "~/lib/meta";
import { decimalAmount, formatMoney } from "~/lib/money";
import { isSlug } from "~/lib/slug";
import type { Route } from "./+types/events.$slug";

const LOAD_FAILED_MESSAGE = "Failed to load event details.";

export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return onlyTabChanged(args) ? false : args.defaultShouldRevalidate;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const found = isSlug(params.slug) ? await getPublishedEventBySlug(context.db, params.slug) : null;
  if (!found) throw data(null, { status: 404 });
  const { event, organizer, teamsRegistered, cancellationTerms } = found;
  const otherEvents = await listOtherEvents(context.db, event);
  return {
    event: {
      slug: event.slug,
      title: event.title,
      description: event.description,
      detailedDescriptionHtml: event.detailedDescriptionHtml,
      type: event.type,
      status: event.status,
      location: event.location,
      locationDetails: event.locationDetails,
      image: event.image,
      startsAt: event.startsAt,
      endsAt: event.endsAt,
      registrationDeadline: event.registrationDeadline,
      price: formatMoney(event.priceMinor, event.currency),
      priceDecimal: decimalAmount(event.priceMinor, event.currency),
      currency: event.currency,
      maxTeams: event.maxTeams,
      schedule: event.schedule,
      faqs: event.faqs,
    },
    organizer,
    teamsRegistered,
    cancellationTerms,
    otherEvents,
  };
}

type LoaderData = Awaited<ReturnType<typeof loader>>;

/** schema.org Event, so search engines can show the date, place and price. */
function eventJsonLd({ event, organizer, teamsRegistered }: LoaderData, baseUrl: string) {
  const online = event.location.toLowerCase() === "online";
  const spotsRemaining = Math.max(event.maxTeams - teamsRegistered, 0);
  const url = `${baseUrl}${href("/events/:slug", { slug: event.slug })}`;
  return {
    "@context": "https://schema.org",
    "@type": "Event",
    name: event.title,
    description: event.description,
    url,
    startDate: new Date(event.startsAt).toISOString(),
    endDate: new Date(event.endsAt).toISOString(),
    eventStatus:
      event.status === "cancelled"
        ? "https://schema.org/EventCancelled"
        : "https://schema.org/EventScheduled",
    eventAttendanceMode: online
      ? "https://schema.org/OnlineEventAttendanceMode"
      : "https://schema.org/OfflineEventAttendanceMode",
    location: online
      ? { "@type": "VirtualLocation", url }
      : { "@type": "Place", name: event.location, address: event.locationDetails || event.location },
    image: event.image ? [`${baseUrl}${event.image.src}`] : undefined,
    organizer: {
      "@type": "Organization",
      name: organizer.name,
      url: `${baseUrl}${href("/partners/:slug", { slug: organizer.slug })}`,
    },
    offers: {
      "@type": "Offer",
      url,
      price: event.priceDecimal,
      priceCurrency: event.currency,
      availability: spotsRemaining > 0 ? "https://schema.org/InStock" : "https://schema.org/SoldOut",
      validThrough: new Date(event.registrationDeadline).toISOString(),
    },
    maximumAttendeeCapacity: event.maxTeams,
    remainingAttendeeCapacity: spotsRemaining,
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [{ title: pageTitle("Event Not Found") }];
  const baseUrl = baseUrlFromMatches(matches);
  return pageMeta(baseUrl, {
    title: loaderData.event.title,
    description: loaderData.event.description,
    path: href("/events/:slug", { slug: loaderData.event.slug }),
    image: loaderData.event.image,
    type: "article",
    jsonLd: eventJsonLd(loaderData, baseUrl),
  });
};

export default function EventDetail({ loaderData }: Route.ComponentProps) {
  const { event, organizer, teamsRegistered, cancellationTerms, otherEvents } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <EventHeader event={event} organizer={organizer} />

      <div className="mt-8 grid gap-8 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          {event.image && (
            <ResponsiveImage
              image={event.image}
              priority
              sizes="(min-width: 1280px) 820px, (min-width: 1024px) 66vw, 100vw"
              className="mb-8 aspect-video w-full rounded-lg object-cover"
            />
          )}
          <EventInfoTabs event={event} />
        </div>

        <aside aria-label="Registration" className="lg:sticky lg:top-24 lg:self-start">
          <RegistrationCard event={event} teamsRegistered={teamsRegistered} />
          {cancellationTerms && <CancellationTerms terms={cancellationTerms} className="mt-6" />}
          <OrganizerCard organizer={organizer} />
        </aside>
      </div>

      {otherEvents.length > 0 && (
        <section aria-labelledby="other-events-title" className="mt-16">
          <SectionHeading id="other-events-title" size="md">
            Other Events You Might Like
          </SectionHeading>
          <EventGrid events={otherEvents} className="mt-6" />
        </section>
      )}
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // Spec §8: a failed load (the server's error, or no answer on the way in the browser)
  // is also a toast and a line in the console.
  useEffect(() => {
    if (notFound) return;
    console.error(LOAD_FAILED_MESSAGE, error);
    notify("error", LOAD_FAILED_MESSAGE);
  }, [notFound, error]);
  return (
    <NoticePage
      title={notFound ? "Event Not Found" : "Something went wrong"}
      body={
        notFound
          ? "The event you're looking for doesn't exist or has been removed."
          : `${LOAD_FAILED_MESSAGE} Please try again in a moment.`
      }
    >
      <Button asChild>
        <Link to={href("/events")}>Browse All Events</Link>
      </Button>
    </NoticePage>
  );
}
