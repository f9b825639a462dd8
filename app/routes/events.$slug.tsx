import { ArrowLeft, Calendar, CalendarPlus, Clock, MapPin } from "lucide-react";
import { useEffect } from "react";
import { data, isRouteErrorResponse, Link, type ShouldRevalidateFunctionArgs } from "react-router";
import { toast } from "sonner";
import { getPublishedEventBySlug, listOtherEvents } from "#server/events/queries";
import { EventCard } from "~/components/events/event-card";
import { ShareButton } from "~/components/events/share-button";
import { useLiveAvailability } from "~/components/events/use-live-availability";
import { NoticePage } from "~/components/site/error-pages";
import { Button } from "~/components/ui/button";
import { LinkTabs, onlyTabChanged } from "~/components/ui/link-tabs";
import { formatDate, formatTimeRange } from "~/lib/dates";
import { eventTypeLabel } from "~/lib/event-types";
import { baseUrlFromMatches, pageMeta, pageTitle } from "~/lib/meta";
import { decimalAmount, formatMoney } from "~/lib/money";
import { isSlug } from "~/lib/slug";
import { useRootData } from "~/lib/use-root-data";
import type { Route } from "./+types/events.$slug";

const TABS = [
  { id: "details", label: "Details" },
  { id: "schedule", label: "Schedule" },
  { id: "faqs", label: "FAQs" },
];

const LOAD_FAILED_MESSAGE = "Failed to load event details.";

export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return onlyTabChanged(args) ? false : args.defaultShouldRevalidate;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const found = isSlug(params.slug) ? await getPublishedEventBySlug(context.db, params.slug) : null;
  if (!found) throw data(null, { status: 404 });
  const { event, organizer, teamsRegistered } = found;
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
    otherEvents,
  };
}

type LoaderData = Awaited<ReturnType<typeof loader>>;

/** schema.org Event, so search engines can show the date, place and price. */
function eventJsonLd({ event, organizer, teamsRegistered }: LoaderData, baseUrl: string) {
  const online = event.location.toLowerCase() === "online";
  const spotsRemaining = Math.max(event.maxTeams - teamsRegistered, 0);
  const url = `${baseUrl}/events/${event.slug}`;
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
      url: `${baseUrl}/partners/${organizer.slug}`,
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
    path: `/events/${loaderData.event.slug}`,
    image: loaderData.event.image,
    type: "article",
    jsonLd: eventJsonLd(loaderData, baseUrl),
  });
};

export default function EventDetail({ loaderData }: Route.ComponentProps) {
  const { event, organizer, otherEvents } = loaderData;
  const startsAt = new Date(event.startsAt);
  const deadline = new Date(event.registrationDeadline);
  const { teamsRegistered, spotsRemaining } = useLiveAvailability(event.slug, {
    teamsRegistered: loaderData.teamsRegistered,
    maxTeams: event.maxTeams,
    spotsRemaining: Math.max(event.maxTeams - loaderData.teamsRegistered, 0),
    waitlisted: 0,
  });
  const signedIn = Boolean(useRootData()?.viewer);
  const registerPath = `/events/${event.slug}/register`;
  const fillPercent = Math.min(100, (teamsRegistered / event.maxTeams) * 100);
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <Link to="/events" className="inline-flex items-center gap-2 text-sm text-water-600 hover:underline">
        <ArrowLeft className="size-4" aria-hidden="true" /> Back to events
      </Link>
      <header className="mt-4">
        <p className="text-sm font-medium text-water-600">{eventTypeLabel(event.type)}</p>
        <h1 className="mt-1 text-3xl font-bold text-navy-900 sm:text-4xl">{event.title}</h1>
        <ul className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-slate-600">
          <li className="flex items-center gap-2">
            <Calendar className="size-4" aria-hidden="true" />
            <time dateTime={startsAt.toISOString()}>{formatDate(startsAt)}</time>
          </li>
          <li className="flex items-center gap-2">
            <Clock className="size-4" aria-hidden="true" />
            {formatTimeRange(startsAt, new Date(event.endsAt))}
          </li>
          <li className="flex items-center gap-2">
            <MapPin className="size-4" aria-hidden="true" />
            {event.location}
          </li>
        </ul>
        <p className="mt-2 text-slate-600">
          Organized by{" "}
          <Link to={`/partners/${organizer.slug}`} className="font-medium text-water-600 hover:underline">
            {organizer.name}
          </Link>
        </p>
      </header>

      <div className="mt-8 grid gap-8 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          {event.image && (
            <img
              src={event.image.src}
              alt={event.image.alt}
              width={event.image.width}
              height={event.image.height}
              fetchPriority="high"
              className="mb-8 aspect-video w-full rounded-lg object-cover"
            />
          )}
          <LinkTabs label="Event information" tabs={TABS}>
            {(tab) => (
              <>
                {tab === "details" && (
                  <>
                    <h2 className="sr-only">About this event</h2>
                    <div
                      className="prose-rich"
                      dangerouslySetInnerHTML={{ __html: event.detailedDescriptionHtml }}
                    />
                    {event.locationDetails && (
                      <p className="mt-6 flex items-start gap-2 text-slate-700">
                        <MapPin className="mt-1 size-4 shrink-0" aria-hidden="true" />
                        {event.locationDetails}
                      </p>
                    )}
                  </>
                )}
                {tab === "schedule" && (
                  <>
                    <h2 className="sr-only">Schedule</h2>
                    <ol className="space-y-3">
                      {event.schedule.map((item) => (
                        <li
                          key={`${item.time}-${item.activity}`}
                          className="flex gap-4 rounded-md border border-slate-200 p-3"
                        >
                          <span className="w-24 shrink-0 font-medium text-navy-900">{item.time}</span>
                          <span className="text-slate-700">{item.activity}</span>
                        </li>
                      ))}
                    </ol>
                  </>
                )}
                {tab === "faqs" && (
                  <>
                    <h2 className="sr-only">Frequently asked questions</h2>
                    <dl className="space-y-4">
                      {event.faqs.map((faq) => (
                        <div key={faq.question} className="rounded-md border border-slate-200 p-4">
                          <dt className="font-medium text-navy-900">{faq.question}</dt>
                          <dd className="mt-1 text-slate-700">{faq.answer}</dd>
                        </div>
                      ))}
                    </dl>
                  </>
                )}
              </>
            )}
          </LinkTabs>
        </div>

        <aside aria-label="Registration" className="lg:sticky lg:top-24 lg:self-start">
          <div className="rounded-lg border border-slate-200 p-6 shadow-sm">
            <p className="text-3xl font-bold text-navy-900">{event.price}</p>
            <p className="text-sm text-slate-600">per team</p>
            <p className="mt-4 text-sm text-slate-700">
              Registration deadline:{" "}
              <time dateTime={deadline.toISOString()} className="font-medium">
                {formatDate(deadline)}
              </time>
            </p>
            <div className="mt-4">
              <p className="text-sm text-slate-700">
                Teams registered: {teamsRegistered} / {event.maxTeams}
              </p>
              <div
                role="progressbar"
                aria-label="Teams registered"
                aria-valuemin={0}
                aria-valuemax={event.maxTeams}
                aria-valuenow={teamsRegistered}
                className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200"
              >
                <div className="h-full rounded-full bg-water-600" style={{ width: `${fillPercent}%` }} />
              </div>
              <p aria-live="polite" className="mt-2 text-sm font-medium text-navy-900">
                {spotsRemaining > 0
                  ? `${spotsRemaining} team spots remaining`
                  : "Fully booked: join the waitlist"}
              </p>
            </div>
            <div className="mt-6 space-y-3">
              <Button asChild className="w-full" size="lg">
                <Link to={signedIn ? registerPath : `/login?redirectTo=${encodeURIComponent(registerPath)}`}>
                  Register Your Team
                </Link>
              </Button>
              <ShareButton title={event.title} />
              <Button asChild variant="outline" className="w-full">
                <a href={`/events/${event.slug}/calendar.ics`} download={`${event.slug}.ics`}>
                  <CalendarPlus aria-hidden="true" /> Add to calendar
                </a>
              </Button>
            </div>
          </div>

          <div className="mt-6 rounded-lg border border-slate-200 p-6">
            <h2 className="text-sm font-semibold tracking-wide text-slate-500 uppercase">Organizer</h2>
            <Link to={`/partners/${organizer.slug}`} className="mt-3 flex items-center gap-3 hover:underline">
              {organizer.logo && (
                <img
                  src={organizer.logo.src}
                  alt=""
                  width={48}
                  height={48}
                  loading="lazy"
                  className="size-12 rounded-full"
                />
              )}
              <span>
                <span className="block font-medium text-navy-900">{organizer.name}</span>
                <span className="block text-sm text-slate-600">{organizer.location}</span>
              </span>
            </Link>
          </div>
        </aside>
      </div>

      {otherEvents.length > 0 && (
        <section aria-labelledby="other-events-title" className="mt-16">
          <h2 id="other-events-title" className="text-2xl font-bold text-navy-900">
            Other Events You Might Like
          </h2>
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {otherEvents.map((other) => (
              <li key={other.id} className="flex">
                <EventCard {...other} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  useEffect(() => {
    if (!notFound) toast.error(LOAD_FAILED_MESSAGE);
  }, [notFound]);
  if (notFound) {
    return (
      <NoticePage
        title="Event Not Found"
        body="The event you're looking for doesn't exist or has been removed."
      >
        <Button asChild>
          <Link to="/events">Browse All Events</Link>
        </Button>
      </NoticePage>
    );
  }
  return (
    <NoticePage title="Something went wrong" body={`${LOAD_FAILED_MESSAGE} Please try again in a moment.`}>
      <Button asChild>
        <Link to="/events">Browse All Events</Link>
      </Button>
    </NoticePage>
  );
}
