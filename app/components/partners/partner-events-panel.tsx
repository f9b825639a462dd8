import { CalendarDays } from "~/components/icons/calendar-days";
import { MapPin } from "~/components/icons/map-pin";
import { Link } from "react-router";
import { PriceText } from "~/components/ui/price-text";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { IconText } from "~/components/content/icon-text";
import { formatDate } from "~/lib/dates";
import { publicEventPath } from "~/lib/public-paths";
import { OnlyIn } from "~/components/content/only-in";
import { m } from "~/paraglide/messages";
import { ProfilePanelSection, type PartnerUpcomingEvent } from "./partner-profile";

/** The partner's next published events, or a note that none are planned yet. */
export function PartnerEventsPanel({
  partnerName,
  events,
}: {
  partnerName: string;
  events: PartnerUpcomingEvent[];
}) {
  return (
    <ProfilePanelSection id="events-title" title={m.partner_page_upcoming_events()}>
      {events.length > 0 ? (
        <ul className="mt-4 space-y-4">
          {events.map((event) => {
            const startsAt = new Date(event.startsAt);
            return (
              <li
                key={event.id}
                className="flex flex-col gap-4 rounded-lg border border-slate-200 p-4 sm:flex-row sm:items-center"
              >
                {event.image && (
                  <ResponsiveImage
                    image={event.image}
                    sizes="(min-width: 640px) 160px, 100vw"
                    className="aspect-video w-full shrink-0 rounded-md object-cover sm:w-40"
                  />
                )}
                <div className="min-w-0">
                  <IconText
                    as="p"
                    icon={CalendarDays}
                    gap="sm"
                    className="text-sm font-medium text-water-700"
                  >
                    <time dateTime={startsAt.toISOString()}>{formatDate(startsAt)}</time>
                  </IconText>
                  <h3 lang={event.shownIn.title} className="mt-1 text-lg font-semibold text-navy-900">
                    <Link to={publicEventPath(event.slug)} className="hover:text-water-600 hover:underline">
                      {event.title}
                    </Link>
                  </h3>
                  <OnlyIn lang={event.shownIn.title} />
                  <IconText as="p" icon={MapPin} gap="sm" className="mt-1 text-sm text-slate-600">
                    <span lang={event.shownIn.location}>{event.location}</span>
                  </IconText>
                  <p className="mt-1 text-sm text-slate-700">
                    <PriceText price={event.price} className="font-medium text-navy-900" />
                    {event.price.grossMinor > 0 && ` ${m.price_per_team()}`}
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
      ) : (
        <div className="mt-4 rounded-lg border border-dashed border-slate-300 p-8 text-center">
          <p className="font-medium text-navy-900">{m.partner_page_no_upcoming()}</p>
          <p className="mt-2 text-slate-600">{m.partner_page_check_back({ name: partnerName })}</p>
        </div>
      )}
    </ProfilePanelSection>
  );
}
