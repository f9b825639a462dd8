import { CheckCircle2, Clock } from "~/components/icons";
import { href, isRouteErrorResponse, Link } from "react-router";
import { requireUser } from "#server/auth/viewer";
import { notFoundResponse } from "#server/http/respond";
import { calendarEventOf, calendarLinks } from "#server/ics/calendar-file";
import { bookingRecordOf, getMyRegistration } from "#server/registrations/queries";
import { CalendarLinks } from "~/components/events/calendar-links";
import { NoticePage } from "~/components/site/error-pages";
import { Button } from "~/components/ui/button";
import { formatDate, formatInstant, formatTimeRange } from "~/lib/dates";
import { baseUrlFromMatches, pageMeta, pageTitle } from "~/lib/meta";
import { onTheWaitlist } from "~/lib/words/waitlist";
import type { Route } from "./+types/events.$slug.registered.$id";
import { formatAddress } from "~/lib/address";

const STATUS_LABELS = {
  confirmed: "Confirmed",
  waitlisted: "On the waitlist",
  cancelled: "Cancelled",
} as const;

/** The booking just made, for its owner only: anyone else's booking is "not found". */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { actor } = await requireUser(request, context);
  const found = await getMyRegistration(context.db, actor, params.id);
  if (!found || found.event.slug !== params.slug) throw notFoundResponse("Booking not found");
  const { registration, event, organizerName, eventHref } = found;
  return {
    registration: bookingRecordOf(registration),
    event: {
      slug: event.slug,
      title: event.title,
      location: formatAddress(event),
      startsAt: event.startsAt,
      endsAt: event.endsAt,
      deadline: formatInstant(event.registrationDeadline),
      teamSize: event.teamSize,
    },
    organizerName,
    eventHref,
    // The event page's full address, for a printed confirmation.
    eventUrl: eventHref && `${context.baseUrl}${eventHref}`,
    // The public event's file, as the event's page offers it.
    calendar: calendarLinks(
      calendarEventOf(event, organizerName, context.baseUrl),
      href("/events/:slug/calendar.ics", { slug: event.slug }),
    ),
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  ...(loaderData
    ? pageMeta(baseUrlFromMatches(matches), {
        title: `Registration received: ${loaderData.event.title}`,
        path: `/events/${loaderData.event.slug}/registered/${loaderData.registration.id}`,
      })
    : [{ title: pageTitle("Registration Not Found") }]),
  { name: "robots", content: "noindex" },
];

export default function RegistrationConfirmation({ loaderData }: Route.ComponentProps) {
  const { registration, event, organizerName, eventHref, eventUrl, calendar } = loaderData;
  const startsAt = new Date(event.startsAt);
  const waitlisted = registration.status === "waitlisted";
  const details: [string, string | null][] = [
    // The short code to quote to RCL or the organiser; the id in the address stays internal.
    ["Booking reference", registration.reference],
    ["Status", STATUS_LABELS[registration.status]],
    ["Event", event.title],
    ["Date", `${formatDate(startsAt)}, ${formatTimeRange(startsAt, new Date(event.endsAt))}`],
    ["Location", event.location],
    ["Organizer", organizerName],
    ["Team", registration.teamName],
    ["Company", registration.company],
    [
      "Captain",
      [registration.captainName, registration.captainEmail, registration.captainPhone]
        .filter(Boolean)
        .join(", "),
    ],
    ["Billing company", registration.billingCompany],
    ["CVR number", registration.cvr],
    ["EAN number", registration.ean],
    ["PO reference", registration.poReference],
    ["Billing email", registration.billingEmail],
    ["Notes", registration.notes],
  ];

  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <div className="flex items-start gap-3">
        {waitlisted ? (
          <Clock className="mt-1 size-8 shrink-0 text-amber-600" aria-hidden="true" />
        ) : (
          <CheckCircle2 className="mt-1 size-8 shrink-0 text-teal-accent" aria-hidden="true" />
        )}
        <h1 className="text-3xl font-bold text-navy-900">
          {registration.status === "confirmed"
            ? "Your team is registered"
            : waitlisted
              ? "Your team is on the waitlist"
              : "This booking is cancelled"}
        </h1>
      </div>
      <p role="status" className="mt-4 text-slate-700">
        {registration.status === "confirmed"
          ? `${registration.teamName} is confirmed for ${event.title}.`
          : waitlisted
            ? onTheWaitlist(event.title, registration.teamName).join(" ")
            : `The booking of ${registration.teamName} for ${event.title} has been cancelled.`}{" "}
        {registration.status !== "cancelled" &&
          "A confirmation email with the booking details and a calendar file is on its way."}
      </p>
      {registration.status !== "cancelled" && (
        <p className="mt-2 text-slate-700">
          You can edit the team and its roster in My Bookings until the registration deadline,{" "}
          {event.deadline}.
        </p>
      )}

      <section
        aria-labelledby="booking-details-title"
        className="mt-8 rounded-lg border border-slate-200 p-4 sm:p-6"
      >
        <h2 id="booking-details-title" className="text-lg font-semibold text-navy-900">
          Booking details
        </h2>
        <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
          {details
            .filter((pair): pair is [string, string] => Boolean(pair[1]))
            .map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="font-medium text-slate-600">{label}</dt>
                <dd className="break-words text-slate-900">{value}</dd>
              </div>
            ))}
        </dl>
        <h3 className="mt-6 font-semibold text-navy-900">
          Roster ({registration.roster.length} of {event.teamSize} members named)
        </h3>
        {registration.roster.length > 0 ? (
          <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-slate-900">
            {registration.roster.map((member, index) => (
              <li key={index} className="break-words">
                {member.name}
                {member.email && <span className="text-slate-600"> ({member.email})</span>}
              </li>
            ))}
          </ol>
        ) : (
          <p className="mt-2 text-sm text-slate-600">No members named yet.</p>
        )}
      </section>

      {eventUrl && <p className="mt-4 hidden text-sm text-slate-700 print:block">Event page: {eventUrl}</p>}

      <div className="mt-8 flex flex-wrap gap-3 print:hidden">
        <Button asChild>
          <Link to="/dashboard/bookings">Go to My Bookings</Link>
        </Button>
        {eventHref && (
          <Button asChild variant="outline">
            <Link to={eventHref}>Back to the event</Link>
          </Button>
        )}
        {eventHref && <CalendarLinks links={calendar} />}
      </div>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <NoticePage
      title={notFound ? "Registration Not Found" : "Something went wrong"}
      body={
        notFound
          ? "We could not find that registration."
          : "We could not load this registration. Please try again in a moment."
      }
    >
      <Button asChild>
        <Link to="/dashboard/bookings">Go to My Bookings</Link>
      </Button>
    </NoticePage>
  );
}
