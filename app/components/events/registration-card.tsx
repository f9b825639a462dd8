import { href, Link } from "react-router";
import type { CalendarLinks } from "#server/ics/calendar-file";
import { Button } from "~/components/ui/button";
import type { PriceWithMoms } from "~/lib/billing/price-with-moms";
import { formatDate } from "~/lib/dates";
import { deferredComponent } from "~/lib/deferred-component";
import { localizedPath } from "~/lib/i18n/locale";
import { useRootData } from "~/lib/use-root-data";
import { m } from "~/paraglide/messages";
import { useLiveAvailability } from "./use-live-availability";

/**
 * The share and calendar buttons hydrate after the page's first load (ADR 027), a moment
 * after the rest of the card. `EventPage`'s loaders await their `ready()`.
 */
export const shareActions = deferredComponent(() =>
  import("./event-share-actions").then((module) => module.EventShareActions),
);

type RegistrationEvent = {
  slug: string;
  title: string;
  status: string;
  price: PriceWithMoms;
  registrationDeadline: Date | string;
  maxTeams: number;
  maxTeamsPerAccount: number;
  cancellationReason: string | null;
};

/**
 * Price, deadline, the teams one account may register and the spots left, which follow other teams' bookings live, with the
 * ways to register, share the event and put it in a calendar.
 */
export function RegistrationCard({
  event,
  teamsRegistered: renderedTeams,
  calendar,
  preview = false,
}: {
  event: RegistrationEvent;
  /** The count the page was rendered with, before live updates. */
  teamsRegistered: number;
  /** The public page's calendar file and links; a preview has none. */
  calendar?: CalendarLinks;
  /** A preview shows the figures without the live count and without ways to register. */
  preview?: boolean;
}) {
  const deadline = new Date(event.registrationDeadline);
  const cancelled = event.status === "cancelled";
  const { teamsRegistered, spotsRemaining } = useLiveAvailability(preview || cancelled ? null : event.slug, {
    teamsRegistered: renderedTeams,
    maxTeams: event.maxTeams,
    spotsRemaining: Math.max(event.maxTeams - renderedTeams, 0),
    waitlisted: 0,
  });
  const signedIn = Boolean(useRootData()?.viewer);
  const registerPath = localizedPath(href("/events/:slug/register", { slug: event.slug }));
  const fillPercent = Math.min(100, (teamsRegistered / event.maxTeams) * 100);
  return (
    <div className="rounded-lg border border-slate-200 p-6 shadow-sm">
      {/* As `PriceText` says it, with what is paid set large; written out here so the
          page's first load does not fetch that component's file for one use. */}
      <p aria-hidden="true" className="text-3xl font-bold text-navy-900">
        {event.price.main}
      </p>
      <p className="text-sm text-slate-600">
        <span aria-hidden="true">{event.price.aside && `(${event.price.aside}) `}</span>
        <span className="sr-only">{event.price.spoken} </span>
        {m.event_card_per_team()}
      </p>
      <p className="mt-4 text-sm text-slate-700">
        {m.event_card_deadline()}{" "}
        <time dateTime={deadline.toISOString()} className="font-medium">
          {formatDate(deadline)}
        </time>
      </p>
      <p className="mt-1 text-sm text-slate-700">
        {event.maxTeamsPerAccount === 1
          ? m.event_card_one_team_per_account()
          : m.event_card_teams_per_account({ count: event.maxTeamsPerAccount })}
      </p>
      <div className="mt-4">
        <p className="text-sm text-slate-700">
          {m.event_card_teams_registered({ registered: teamsRegistered, max: event.maxTeams })}
        </p>
        <div
          role="progressbar"
          aria-label={m.event_card_teams_registered_label()}
          aria-valuemin={0}
          aria-valuemax={event.maxTeams}
          aria-valuenow={teamsRegistered}
          className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200"
        >
          <div className="h-full rounded-full bg-water-600" style={{ width: `${fillPercent}%` }} />
        </div>
        <p aria-live="polite" className="mt-2 text-sm font-medium text-navy-900">
          {spotsRemaining > 0
            ? m.event_card_spots_remaining({ count: spotsRemaining })
            : m.event_fully_booked_join_waitlist()}
        </p>
      </div>
      {cancelled ? (
        <div role="note" className="mt-6 rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-900">
          <p className="font-semibold">{m.event_card_cancelled()}</p>
          {event.cancellationReason && <p className="mt-1 whitespace-pre-line">{event.cancellationReason}</p>}
          <p className="mt-1">{m.event_card_no_new_registrations()}</p>
        </div>
      ) : preview ? (
        <p className="mt-6 rounded-md bg-slate-100 p-3 text-sm text-slate-700">
          {m.event_card_preview_note()}
        </p>
      ) : (
        <div className="mt-6 space-y-3">
          <Button asChild className="w-full" size="lg">
            <Link
              to={
                signedIn
                  ? registerPath
                  : localizedPath(`${href("/login")}?redirectTo=${encodeURIComponent(registerPath)}`)
              }
            >
              {m.event_register_your_team()}
            </Link>
          </Button>
          <shareActions.Component title={event.title} calendar={calendar} />
        </div>
      )}
    </div>
  );
}
