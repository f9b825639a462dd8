import { useEffect } from "react";
import { data, href, isRouteErrorResponse, Link, type ShouldRevalidateFunctionArgs } from "react-router";
import { getPublicEventBySlug, listOtherEvents } from "#server/events/queries";
import { calendarEventOf, calendarLinks } from "#server/ics/calendar-file";
import { SectionHeading } from "~/components/content/page-section";
import { eventPageEvent } from "#server/events/event-page-view";
import { EventPage, eventPageReady } from "~/components/events/event-page";
import { latestWeatherDecision } from "#server/weather/queries";
import { weatherDecisionText } from "~/components/weather/weather-decision-notice";
import { NoticePage } from "~/components/site/error-pages";
import { Button } from "~/components/ui/button";
import { cancellationTermsShown } from "~/lib/content-language";
import { onlyTabChanged } from "~/lib/only-tab-changed";
import { notify } from "~/components/ui/toaster";
import { deferredComponent } from "~/lib/deferred-component";
import { baseUrlFromMatches, pageMeta, pageTitle } from "~/lib/meta";
import { isSlug } from "~/lib/slug";
import { localizedPath } from "~/lib/i18n/locale";
import { publicEventPath, publicPartnerPath } from "~/lib/public-paths";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/events.$slug";

/** For the console, which stays in English; the visitor reads `m.event_load_failed`. */
const LOAD_FAILED_MESSAGE = "Failed to load event details.";

/** The other events, at the foot of the page, hydrate after its first load (ADR 027). */
const otherEventsGrid = deferredComponent(() =>
  import("~/components/events/event-grid").then((module) => module.EventGrid),
);

export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return onlyTabChanged(args) ? false : args.defaultShouldRevalidate;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const found = isSlug(params.slug) ? await getPublicEventBySlug(context.db, params.slug) : null;
  if (!found) throw data(null, { status: 404 });
  const { event, vatStatus, organizer, teamsRegistered, siteTerms } = found;
  // Its views are counted by the host, whether the page is rendered or served from the cache (ADR 024).
  const [otherEvents, weather] = await Promise.all([
    listOtherEvents(context.db, event),
    latestWeatherDecision(context.db, event.id),
    eventPageReady(),
    otherEventsGrid.ready(),
  ]);
  return {
    event: eventPageEvent(event, vatStatus),
    organizer,
    teamsRegistered,
    cancellationTerms: cancellationTermsShown(event, siteTerms),
    weather: weather && { label: m.weather_decide_latest_label(), text: weatherDecisionText(weather) },
    otherEvents,
    calendar: calendarLinks(
      calendarEventOf(event, organizer.name, context.baseUrl),
      localizedPath(href("/events/:slug/calendar.ics", { slug: event.slug })),
    ),
  };
}

/**
 * After a link or a save leads here, the page shows once its data and its deferred
 * sections' code have both arrived: otherwise, with the code slower than the data (a slow
 * phone), the booking card would show beside an empty main column (ADR 027). The first
 * load uses the server's data and HTML as they are.
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  // The other events' code too, so that their grid at the foot comes with the rest; and
  // sharing that section with the page keeps this function in the page's own chunk.
  const [data] = await Promise.all([serverLoader(), eventPageReady(), otherEventsGrid.ready()]);
  return data;
}

type LoaderData = Awaited<ReturnType<typeof loader>>;

/** schema.org Event, so search engines can show the date, place and price. */
function eventJsonLd({ event, organizer, teamsRegistered }: LoaderData, baseUrl: string) {
  const online = event.location.toLowerCase() === "online";
  const spotsRemaining = Math.max(event.maxTeams - teamsRegistered, 0);
  const url = `${baseUrl}${publicEventPath(event.slug)}`;
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
      url: `${baseUrl}${publicPartnerPath(organizer.slug)}`,
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
  if (!loaderData) return [{ title: pageTitle(m.event_not_found_title()) }];
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
  const { event, organizer, teamsRegistered, cancellationTerms, otherEvents, calendar, weather } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <EventPage
        event={event}
        organizer={organizer}
        teamsRegistered={teamsRegistered}
        cancellationTerms={cancellationTerms}
        calendar={calendar}
        weather={weather}
      />

      {otherEvents.length > 0 && (
        <section aria-labelledby="other-events-title" className="mt-16">
          <SectionHeading id="other-events-title" size="md">
            {m.event_other_events()}
          </SectionHeading>
          <otherEventsGrid.Component events={otherEvents} className="mt-6" />
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
    notify("error", m.event_load_failed());
  }, [notFound, error]);
  return (
    <NoticePage
      title={notFound ? m.event_not_found_title() : m.event_error_title()}
      body={notFound ? m.event_not_found_body() : `${m.event_load_failed()} ${m.event_try_again()}`}
    >
      <Button asChild>
        <Link to={localizedPath(href("/events"))}>{m.event_browse_all()}</Link>
      </Button>
    </NoticePage>
  );
}
