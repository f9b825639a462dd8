import { Link } from "react-router";
import { checkInPagePath, crewListPath } from "~/components/registrations/partner-paths";
import type { CheckInCounts } from "#server/check-in/check-in-counts";
import { CheckInCountsLine } from "~/components/check-in/check-in-counts";
import { formatDate, formatTimeRange } from "~/lib/dates";
import type { Locale } from "~/lib/i18n/locale";
import { m } from "~/paraglide/messages";

type CheckInEvent = {
  id: string;
  title: string;
  status: string;
  startsAt: Date;
  endsAt: Date;
  partnerName: string;
  shownIn: { title?: Locale };
  /** On the event's day, how far check-in has come; null before. */
  checkIn: CheckInCounts | null;
};

const LINK = "text-sm font-medium text-water-700 underline-offset-4 hover:underline";

/**
 * Check-in staff's way to the day's pages (ADR 038): the events of the partners they
 * check in for, each with its crew list.
 */
export function CheckInEvents({ events }: { events: readonly CheckInEvent[] }) {
  return (
    <section
      aria-labelledby="check-in-events"
      className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id="check-in-events" className="text-lg font-semibold text-navy-900">
        {m.check_in_events_heading()}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{m.check_in_events_intro()}</p>
      {events.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">{m.check_in_events_empty()}</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200">
          {events.map((event) => (
            <li key={event.id} className="flex flex-wrap items-baseline justify-between gap-2 py-3">
              <div className="min-w-0">
                <p className="font-medium break-words text-navy-900" lang={event.shownIn.title}>
                  {event.title}
                </p>
                <p className="text-sm text-slate-600">
                  {event.partnerName} ·{" "}
                  <time dateTime={event.startsAt.toISOString()}>{formatDate(event.startsAt)}</time>,{" "}
                  {formatTimeRange(event.startsAt, event.endsAt)}
                  {event.status === "cancelled" && ` · ${m.partner_crew_cancelled()}`}
                </p>
                {event.checkIn && <CheckInCountsLine counts={event.checkIn} />}
              </div>
              <div className="flex gap-4">
                {event.status !== "cancelled" && (
                  <a href={checkInPagePath(event.id)} className={LINK}>
                    {m.partner_day_open_check_in()}
                    <span className="sr-only">: {event.title}</span>
                  </a>
                )}
                <Link to={crewListPath(event.id)} className={LINK}>
                  {m.partner_crew_list()}
                  <span className="sr-only">: {event.title}</span>
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
