import { Calendar } from "~/components/icons/calendar";
import { MapPin } from "~/components/icons/map-pin";
import { IconText } from "~/components/content/icon-text";
import { formatDate, formatTimeRange } from "~/lib/dates";
import type { Locale } from "~/lib/i18n/locale";

/** The day, the hours and the place of an event, as two short lines. */
export function EventTimePlace({
  startsAt,
  endsAt,
  location,
  locationLang,
}: {
  startsAt: Date | string;
  endsAt: Date | string;
  location: string;
  /** The place's language, when it is not the page's: not translated (ADR 034). */
  locationLang?: Locale;
}) {
  const start = new Date(startsAt);
  return (
    <ul className="mt-3 space-y-1 text-sm text-slate-600">
      <IconText icon={Calendar}>
        <time dateTime={start.toISOString()}>{formatDate(start)}</time>,{" "}
        {formatTimeRange(start, new Date(endsAt))}
      </IconText>
      <IconText icon={MapPin}>
        <span lang={locationLang}>{location}</span>
      </IconText>
    </ul>
  );
}
