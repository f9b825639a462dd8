import { ResponsiveImage } from "~/components/ui/responsive-image";
import { EventHeader } from "~/components/events/event-header";
import { calendarButtons, RegistrationCard, shareButton } from "~/components/events/registration-card";
import type { EventRow } from "#server/db/rows";
import type { ImageRef } from "#server/db/schema";
import type { CalendarLinks } from "#server/ics/calendar-file";
import { localizeImage, pickRows, pickText, scheduleIn, type PageText } from "~/lib/content-language";
import type { Locale } from "~/lib/i18n/locale";
import { getLocale } from "~/paraglide/runtime";
import { deferredComponent } from "~/lib/deferred-component";
import { decimalAmount, formatMoney } from "~/lib/money";
import { OnlyIn } from "~/components/content/only-in";
import { m } from "~/paraglide/messages";

/**
 * The information tabs below the cover picture, and the cards below the registration's,
 * hydrate after the page's first load (ADR 027). Every loader of a page that shows
 * `EventPage` awaits `eventPageReady()`.
 */
const eventInfoTabs = deferredComponent(() =>
  import("~/components/events/event-info-tabs").then((module) => module.EventInfoTabs),
);
const termsCard = deferredComponent(() =>
  import("~/components/events/cancellation-terms").then((module) => module.CancellationTerms),
);
const organizerCard = deferredComponent(() =>
  import("~/components/events/organizer-card").then((module) => module.OrganizerCard),
);
export async function eventPageReady() {
  await Promise.all([
    eventInfoTabs.ready(),
    termsCard.ready(),
    organizerCard.ready(),
    shareButton.ready(),
    calendarButtons.ready(),
  ]);
}

/** The event's columns the page reads, as stored (the public row, or a preview of a draft or revision). */
type EventPageSource = Pick<
  EventRow,
  | "slug"
  | "language"
  | "title"
  | "titleTranslation"
  | "description"
  | "descriptionTranslation"
  | "detailedDescriptionHtml"
  | "detailedDescriptionHtmlTranslation"
  | "type"
  | "status"
  | "location"
  | "locationTranslation"
  | "locationDetails"
  | "locationDetailsTranslation"
  | "meetingPoint"
  | "meetingPointTranslation"
  | "image"
  | "startsAt"
  | "endsAt"
  | "registrationDeadline"
  | "priceMinor"
  | "currency"
  | "maxTeams"
  | "maxTeamsPerAccount"
  | "schedule"
  | "faqs"
  | "cancellationReason"
>;

/**
 * What the event page shows of an event, in the page's language (ADR 034): the same shape
 * for the public page and every preview. `shownIn` names the texts shown in the other
 * language because they are not translated.
 */
export function eventPageEvent(event: EventPageSource, page: Locale = getLocale()) {
  const main = event.language;
  const text = (value: string, translation: string) => pickText(page, main, value, translation);
  const texts = {
    title: text(event.title, event.titleTranslation),
    description: text(event.description, event.descriptionTranslation),
    detailedDescriptionHtml: text(event.detailedDescriptionHtml, event.detailedDescriptionHtmlTranslation),
    location: text(event.location, event.locationTranslation),
    locationDetails: text(event.locationDetails, event.locationDetailsTranslation),
    meetingPoint: text(event.meetingPoint, event.meetingPointTranslation),
    schedule: scheduleIn(page, event),
    faqs: pickRows(page, main, event.faqs, {
      mainOf: ({ question, answer }) => ({ question, answer }),
      translationOf: ({ questionTranslation, answerTranslation }) =>
        questionTranslation && answerTranslation
          ? { question: questionTranslation, answer: answerTranslation }
          : null,
    }),
  };
  const shownIn: Partial<Record<keyof typeof texts, Locale>> = {};
  for (const [field, shown] of Object.entries(texts)) {
    if (shown.lang !== page) shownIn[field as keyof typeof texts] = shown.lang;
  }
  return {
    slug: event.slug,
    title: texts.title.value,
    description: texts.description.value,
    detailedDescriptionHtml: texts.detailedDescriptionHtml.value,
    type: event.type,
    status: event.status,
    location: texts.location.value,
    locationDetails: texts.locationDetails.value,
    meetingPoint: texts.meetingPoint.value,
    image: event.image ? localizeImage(event.image, main, page) : null,
    startsAt: event.startsAt,
    endsAt: event.endsAt,
    registrationDeadline: event.registrationDeadline,
    price: formatMoney(event.priceMinor, event.currency),
    priceDecimal: decimalAmount(event.priceMinor, event.currency),
    currency: event.currency,
    maxTeams: event.maxTeams,
    maxTeamsPerAccount: event.maxTeamsPerAccount,
    schedule: texts.schedule.value,
    faqs: texts.faqs.value,
    cancellationReason: event.status === "cancelled" ? event.cancellationReason : null,
    shownIn,
  };
}

export type EventPageEvent = ReturnType<typeof eventPageEvent>;

export type EventPageOrganizer = {
  name: string;
  slug: string;
  logo: ImageRef | null;
  location: string;
  email: string | null;
};

/**
 * The body of an event's page: header, cover, information tabs, and the registration,
 * terms and organiser cards. A preview shows the same, without the live count or the
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
}) {
  return (
    <>
      <EventHeader event={event} organizer={organizer} headingLevel={headingLevel} />
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
          {cancellationTerms && <termsCard.Component terms={cancellationTerms} className="mt-6" />}
          <organizerCard.Component organizer={organizer} />
        </aside>
      </div>
    </>
  );
}
