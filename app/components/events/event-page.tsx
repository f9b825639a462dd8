import { ResponsiveImage } from "~/components/ui/responsive-image";
import { EventHeader } from "~/components/events/event-header";
import { RegistrationCard, shareActions } from "~/components/events/registration-card";
import type { ImageRef } from "#server/db/schema";
import type { CalendarLinks } from "#server/ics/calendar-file";
import type { PageText } from "~/lib/content-language";
import type { EventPageEvent } from "#server/events/event-page-view";
import { deferredComponent } from "~/lib/deferred-component";
import { OnlyIn } from "~/components/content/only-in";
import { m } from "~/paraglide/messages";

/**
 * The information tabs below the cover picture, and the cards below the registration's,
 * hydrate after the page's first load (ADR 027). Every loader of a page that shows
 * `EventPage` awaits `eventPageReady()`.
 */
const eventInfoTabs = deferredComponent(() =>
  import("~/components/events/event-page-parts").then((module) => module.EventInfoTabs),
);
const sidebarCards = deferredComponent(() =>
  import("~/components/events/event-page-parts").then((module) => module.EventSidebarCards),
);
export async function eventPageReady() {
  await Promise.all([eventInfoTabs.ready(), sidebarCards.ready(), shareActions.ready()]);
}

export type { EventPageEvent } from "#server/events/event-page-view";

export type EventPageOrganizer = {
  name: string;
  slug: string;
  logo: ImageRef | null;
  location: string;
  email: string | null;
};

/**
 * The body of an event's page: header, cover, information tabs, and the registration,
 * cancellation policy, terms and organiser cards. A preview shows the same, without the live count or the
 * ways to register, since the event is not public yet.
 */
export function EventPage({
  event,
  organizer,
  teamsRegistered,
  cancellationTerms,
  calendar,
  preview = false,
  headingLevel = 1,
  weather = null,
}: {
  event: EventPageEvent;
  organizer: EventPageOrganizer;
  teamsRegistered: number;
  cancellationTerms: PageText | null;
  /** The public page's calendar file and links. */
  calendar?: CalendarLinks;
  preview?: boolean;
  /** 2 inside a page with its own h1 (the admin's review). */
  headingLevel?: 1 | 2;
  /**
   * The partner's latest call on the weather, if any (ADR 038), worded by the server so the
   * public page ships none of the decision's messages.
   */
  weather?: { label: string; text: string } | null;
}) {
  return (
    <>
      <EventHeader event={event} organizer={organizer} headingLevel={headingLevel} />
      {weather && (
        <p className="mt-4 rounded-md border border-water-600/40 bg-white p-3 text-sm text-slate-800">
          <span className="font-semibold text-navy-900">{weather.label}: </span>
          {weather.text}
        </p>
      )}
      {event.meetingPoint && (
        <p className="mt-2 text-slate-600">
          <span className="font-medium text-slate-700">{m.event_meeting_point()}</span>{" "}
          <span lang={event.shownIn.meetingPoint}>{event.meetingPoint}</span>
          <OnlyIn lang={event.shownIn.meetingPoint} inline />
        </p>
      )}

      <div className="mt-8 grid gap-8 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          {event.image && (
            <ResponsiveImage
              image={event.image}
              priority={!preview}
              sizes="(min-width: 1280px) 820px, (min-width: 1024px) 66vw, 100vw"
              className="mb-8 aspect-video w-full rounded-lg object-cover"
            />
          )}
          <eventInfoTabs.Component event={event} />
        </div>

        <aside aria-label={m.event_registration_region()} className="lg:sticky lg:top-24 lg:self-start">
          <RegistrationCard
            event={event}
            teamsRegistered={teamsRegistered}
            calendar={calendar}
            preview={preview}
          />
          <sidebarCards.Component event={event} terms={cancellationTerms} organizer={organizer} />
        </aside>
      </div>
    </>
  );
}
