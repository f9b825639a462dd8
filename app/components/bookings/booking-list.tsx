import { Pencil } from "~/components/icons/pencil";
import { XCircle } from "~/components/icons/circle-x";
import { useId, type ReactNode } from "react";
import { Link } from "react-router";
import { CalendarLinks } from "~/components/events/calendar-links";
import { buttonVariants } from "~/components/ui/button";
import { PriceText } from "~/components/ui/price-text";
import { formatDate, formatTimeRange } from "~/lib/dates";
import { bookingPath } from "~/lib/paths";
import type { MyBooking } from "#server/registrations/queries";
import type { BookingDocument } from "#server/invoices/queries";
import { BookingDocuments } from "~/components/invoices/booking-documents";
import { OnlyIn } from "~/components/content/only-in";
import { m } from "~/paraglide/messages";
import { BookingStatus } from "./booking-status";
import { CancelBookingLink } from "./cancel-booking";

/** One titled group of bookings (upcoming, past or cancelled) as a list of cards that fit 360 px. */
export function BookingList({
  title,
  bookings,
  documents,
  emptyMessage,
}: {
  title: string;
  bookings: readonly MyBooking[];
  /** Each booking's invoices and credit notes, by its id. */
  documents: Readonly<Record<string, readonly BookingDocument[]>>;
  emptyMessage: string;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-lg font-semibold text-navy-900">
        {title} <span className="font-normal text-slate-500">({bookings.length})</span>
      </h2>
      {bookings.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white px-4 py-6 text-sm text-slate-600">
          {emptyMessage}
        </p>
      ) : (
        <ul className="space-y-3">
          {bookings.map((booking) => (
            <li key={booking.id}>
              <BookingCard booking={booking} documents={documents[booking.id] ?? []} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function BookingCard({ booking, documents }: { booking: MyBooking; documents: readonly BookingDocument[] }) {
  const { event } = booking;
  const headingId = useId();
  const forTeam = <span className="sr-only"> {m.bookings_sr_booking_for({ team: booking.teamName })}</span>;
  const detailsFor = (
    <span className="sr-only"> {m.bookings_sr_details_for({ team: booking.teamName })}</span>
  );
  return (
    <article
      aria-labelledby={headingId}
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className="min-w-0 text-base font-semibold break-words text-navy-900">
          {booking.eventHref ? (
            <Link
              to={booking.eventHref}
              lang={event.shownIn.title}
              className="underline-offset-2 hover:underline"
            >
              {event.title}
            </Link>
          ) : (
            <span lang={event.shownIn.title}>{event.title}</span>
          )}
          <OnlyIn lang={event.shownIn.title} inline />
        </h3>
        <BookingStatus status={booking.status} eventStatus={event.status} />
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 md:grid-cols-4">
        <Fact term={m.bookings_fact_reference()}>
          <dd className="font-medium tracking-wide text-slate-900">{booking.reference}</dd>
        </Fact>
        <Fact term={m.bookings_fact_date()}>
          <dd className="font-medium text-slate-900">
            <time dateTime={event.startsAt.toISOString()}>{formatDate(event.startsAt)}</time>,{" "}
            {formatTimeRange(event.startsAt, event.endsAt)}
          </dd>
        </Fact>
        <Fact term={m.bookings_fact_team()}>
          <dd className="font-medium break-words text-slate-900">{booking.teamName}</dd>
        </Fact>
        <Fact term={m.bookings_fact_roster()}>
          <dd className="font-medium text-slate-900">
            {m.bookings_roster_named({ named: booking.rosterCount, size: event.teamSize })}
          </dd>
        </Fact>
        <Fact term={m.registration_field_price_per_team()} className="sm:col-span-2">
          <dd className="font-medium text-slate-900">
            <PriceText price={booking.price} />
          </dd>
        </Fact>
      </dl>
      {documents.length > 0 && (
        <div className="mt-4">
          <BookingDocuments reference={booking.reference} documents={documents} />
        </div>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        {booking.canEdit ? (
          <Link to={bookingPath(booking.id)} className={buttonVariants({ variant: "outline", size: "sm" })}>
            <Pencil aria-hidden="true" /> {m.bookings_edit()}
            {forTeam}
          </Link>
        ) : (
          <Link to={bookingPath(booking.id)} className={buttonVariants({ variant: "outline", size: "sm" })}>
            {m.bookings_details()}
            {detailsFor}
          </Link>
        )}
        {booking.canCancel && (
          <CancelBookingLink booking={booking} className={buttonVariants({ variant: "outline", size: "sm" })}>
            <XCircle aria-hidden="true" /> {m.bookings_cancel()}
            {forTeam}
          </CancelBookingLink>
        )}
        {booking.status !== "cancelled" && (
          <CalendarLinks links={booking.calendar} variant="ghost" size="sm" about={event.title} />
        )}
      </div>
    </article>
  );
}

/** One fact of a booking card: its name over its value (the `dd`, styled for what it holds). */
function Fact({ term, children, className }: { term: string; children: ReactNode; className?: string }) {
  return (
    <div className={`min-w-0 ${className ?? ""}`}>
      <dt className="text-slate-500">{term}</dt>
      {children}
    </div>
  );
}
