import { ArrowLeft } from "~/components/icons/arrow-left";
import { Calendar } from "~/components/icons/calendar";
import { Clock } from "~/components/icons/clock";
import { MapPin } from "~/components/icons/map-pin";
import { href, Link } from "react-router";
import { localizedPath } from "~/lib/i18n/locale";
import { publicPartnerPath } from "~/lib/public-paths";
import { m } from "~/paraglide/messages";
import { IconText } from "~/components/content/icon-text";
import { formatDate, formatTimeRange } from "~/lib/dates";
import { eventTypeLabel, type EventType } from "~/lib/event-types";
import { OnlyIn } from "~/components/content/only-in";
import type { Locale } from "~/lib/i18n/locale";

/** The event page's way back to the list, then its type, title, date, hours, place and organiser. */
export function EventHeader({
  event,
  organizer,
  headingLevel = 1,
}: {
  event: {
    type: EventType;
    title: string;
    startsAt: Date | string;
    endsAt: Date | string;
    location: string;
    /** Texts shown in the other language, untranslated (ADR 034). */
    shownIn: { title?: Locale; location?: Locale };
  };
  organizer: { slug: string; name: string };
  /** 2 when the page is shown inside another page (an admin's review), which has its own h1. */
  headingLevel?: 1 | 2;
}) {
  const Heading = headingLevel === 1 ? "h1" : "h2";
  const startsAt = new Date(event.startsAt);
  return (
    <>
      <Link
        to={localizedPath(href("/events"))}
        className="inline-flex items-center gap-2 text-sm text-water-600 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> {m.event_back_to_events()}
      </Link>
      <header className="mt-4">
        <p className="text-sm font-medium text-water-600">{eventTypeLabel(event.type)}</p>
        <Heading lang={event.shownIn.title} className="mt-1 text-3xl font-bold text-navy-900 sm:text-4xl">
          {event.title}
        </Heading>
        <OnlyIn lang={event.shownIn.title} />
        <ul className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-slate-600">
          <IconText icon={Calendar}>
            <time dateTime={startsAt.toISOString()}>{formatDate(startsAt)}</time>
          </IconText>
          <IconText icon={Clock}>{formatTimeRange(startsAt, new Date(event.endsAt))}</IconText>
          <IconText icon={MapPin}>
            <span lang={event.shownIn.location}>{event.location}</span>
            <OnlyIn lang={event.shownIn.location} inline />
          </IconText>
        </ul>
        <p className="mt-2 text-slate-600">
          {m.event_organized_by()}{" "}
          <Link to={publicPartnerPath(organizer.slug)} className="font-medium text-water-600 hover:underline">
            {organizer.name}
          </Link>
        </p>
      </header>
    </>
  );
}
