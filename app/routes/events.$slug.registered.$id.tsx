import { CheckCircle2 } from "~/components/icons/circle-check";
import { Clock } from "~/components/icons/clock";
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
import { localizeTexts } from "~/lib/content-language";
import { localizedPath, type Locale } from "~/lib/i18n/locale";
import { m } from "~/paraglide/messages";
import { bookingPath } from "~/lib/paths";
import { formatPostalAddress } from "~/lib/address";

const STATUS_LABELS = {
  confirmed: m.registration_status_confirmed,
  waitlisted: m.registration_status_on_waitlist,
  cancelled: m.registration_status_cancelled,
  held: m.registration_status_held,
} as const;

/** The booking just made, for its owner only: anyone else's booking is "not found". */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { actor } = await requireUser(request, context);
  const found = await getMyRegistration(context.db, actor, params.id);
  if (!found || found.event.slug !== params.slug) throw notFoundResponse(m.bookings_not_found());
  const { registration, event, organizerName, eventHref } = found;
  const shown = localizeTexts(event);
  return {
    registration: bookingRecordOf(registration),
    heldUntil: registration.status === "held" ? registration.heldUntil : null,
    event: {
      slug: event.slug,
      title: shown.title,
      location: formatAddress(shown),
      shownIn: shown.shownIn,
      startsAt: event.startsAt,
      endsAt: event.endsAt,
      deadline: formatInstant(event.registrationDeadline),
      teamSize: event.teamSize,
    },
    organizerName,
    // In the page's language already (publicEventHref).
    eventHref,
    // The event page's full address, for a printed confirmation.
    eventUrl: eventHref && `${context.baseUrl}${eventHref}`,
    // The public event's file, as the event's page offers it.
    calendar: calendarLinks(
      calendarEventOf(event, organizerName, context.baseUrl),
      localizedPath(href("/events/:slug/calendar.ics", { slug: event.slug })),
    ),
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  ...(loaderData
    ? pageMeta(baseUrlFromMatches(matches), {
        title: m.registration_received_title({ title: loaderData.event.title }),
        path: `/events/${loaderData.event.slug}/registered/${loaderData.registration.id}`,
      })
    : [{ title: pageTitle(m.registration_not_found_title()) }]),
  // Back from the checkout, the page looks again until the provider's webhook confirms the booking.
  ...(loaderData?.heldUntil ? [{ httpEquiv: "refresh", content: "5" } as const] : []),
  { name: "robots", content: "noindex" },
];

export default function RegistrationConfirmation({ loaderData }: Route.ComponentProps) {
  const { registration, heldUntil, event, organizerName, eventHref, eventUrl, calendar } = loaderData;
  const startsAt = new Date(event.startsAt);
  const waitlisted = registration.status === "waitlisted";
  // A value may carry its language: the partner's text, where not translated (ADR 034).
  const details: [string, string | null, Locale?][] = [
    // The short code to quote to RCL or the organiser; the id in the address stays internal.
    [m.registration_field_reference(), registration.reference],
    [m.registration_field_status(), STATUS_LABELS[registration.status]()],
    [m.registration_field_event(), event.title, event.shownIn.title],
    [
      m.registration_field_date(),
      `${formatDate(startsAt)}, ${formatTimeRange(startsAt, new Date(event.endsAt))}`,
    ],
    [m.registration_field_location(), event.location, event.shownIn.location],
    [m.registration_field_organizer(), organizerName],
    [m.registration_field_team(), registration.teamName],
    [m.registration_field_company(), registration.company],
    [
      m.registration_field_captain(),
      [registration.captainName, registration.captainEmail, registration.captainPhone]
        .filter(Boolean)
        .join(", "),
    ],
    [m.registration_field_billing_company(), registration.billingCompany],
    [
      m.registration_field_billing_address(),
      formatPostalAddress(
        registration.billingAddressLine,
        registration.billingPostalCode,
        registration.billingCity,
      ) || null,
    ],
    [m.registration_field_cvr(), registration.cvr],
    [m.registration_field_ean(), registration.ean],
    [m.registration_field_po(), registration.poReference],
    [m.registration_field_person_reference(), registration.personReference],
    [m.registration_field_billing_email(), registration.billingEmail],
    [m.registration_field_notes(), registration.notes],
  ];

  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      {heldUntil ? (
        <section aria-labelledby="held-title" className="space-y-3">
          <div className="flex items-start gap-3">
            <Clock className="mt-1 size-8 shrink-0 text-amber-600" aria-hidden="true" />
            <h1 id="held-title" className="text-3xl font-bold text-navy-900">
              {m.registration_awaiting_payment_title()}
            </h1>
          </div>
          <p role="status" className="text-slate-700">
            {m.registration_awaiting_payment_body({ until: formatInstant(new Date(heldUntil)) })}
          </p>
          <p>
            <Link to={bookingPath(registration.id)} className="text-water-600 underline">
              {m.bookings_pay_now()}
            </Link>
          </p>
        </section>
      ) : (
        <>
          <div className="flex items-start gap-3">
            {waitlisted ? (
              <Clock className="mt-1 size-8 shrink-0 text-amber-600" aria-hidden="true" />
            ) : (
              <CheckCircle2 className="mt-1 size-8 shrink-0 text-teal-accent" aria-hidden="true" />
            )}
            <h1 className="text-3xl font-bold text-navy-900">
              {registration.status === "confirmed"
                ? m.registration_heading_confirmed()
                : waitlisted
                  ? m.registration_heading_waitlisted()
                  : m.registration_heading_cancelled()}
            </h1>
          </div>
          <p role="status" className="mt-4 text-slate-700">
            {registration.status === "confirmed"
              ? m.registration_confirmed_for({ team: registration.teamName, event: event.title })
              : waitlisted
                ? onTheWaitlist(event.title, registration.teamName).join(" ")
                : m.registration_cancelled_for({ team: registration.teamName, event: event.title })}{" "}
            {registration.status !== "cancelled" && m.registration_confirmation_on_way()}
          </p>
          {registration.status !== "cancelled" && (
            <p className="mt-2 text-slate-700">{m.registration_edit_until({ deadline: event.deadline })}</p>
          )}
        </>
      )}

      <section
        aria-labelledby="booking-details-title"
        className="mt-8 rounded-lg border border-slate-200 p-4 sm:p-6"
      >
        <h2 id="booking-details-title" className="text-lg font-semibold text-navy-900">
          {m.registration_booking_details()}
        </h2>
        <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
          {details
            .filter((pair): pair is [string, string, Locale?] => Boolean(pair[1]))
            .map(([label, value, lang]) => (
              <div key={label} className="contents">
                <dt className="font-medium text-slate-600">{label}</dt>
                <dd lang={lang} className="break-words text-slate-900">
                  {value}
                </dd>
              </div>
            ))}
        </dl>
        <h3 className="mt-6 font-semibold text-navy-900">
          {m.registration_roster_named({ named: registration.roster.length, size: event.teamSize })}
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
          <p className="mt-2 text-sm text-slate-600">{m.registration_no_members_yet()}</p>
        )}
      </section>

      {eventUrl && (
        <p className="mt-4 hidden text-sm text-slate-700 print:block">
          {m.registration_event_page({ url: eventUrl })}
        </p>
      )}

      <div className="mt-8 flex flex-wrap gap-3 print:hidden">
        <Button asChild>
          <Link to="/dashboard/bookings">{m.registration_go_to_bookings()}</Link>
        </Button>
        {eventHref && (
          <Button asChild variant="outline">
            <Link to={eventHref}>{m.registration_back_to_event()}</Link>
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
      title={notFound ? m.registration_not_found_title() : m.event_error_title()}
      body={notFound ? m.registration_not_found_body() : m.registration_load_failed()}
    >
      <Button asChild>
        <Link to="/dashboard/bookings">{m.registration_go_to_bookings()}</Link>
      </Button>
    </NoticePage>
  );
}
