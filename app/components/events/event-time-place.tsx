import { Calendar } from "~/components/icons/calendar";
import { MapPin } from "~/components/icons/map-pin";
import { IconText } from "~/components/content/icon-text";
import { formatDate, formatTimeRange } from "~/lib/dates";

/** The day, the hours and the place of an event, as two short lines. */
export function EventTimePlace({
  startsAt,
  endsAt,
  location,
}: {
  startsAt: Date | string;
  endsAt: Date | string;
  location: string;
}) {
  const start = new Date(startsAt);
  return (
    <ul className="mt-3 space-y-1 text-sm text-slate-600">
      <IconText icon={Calendar}>
        <time dateTime={start.toISOString()}>{formatDate(start)}</time>,{" "}
        {formatTimeRange(start, new Date(endsAt))}
      </IconText>
      <IconText icon={MapPin}>{location}</IconText>
    </ul>
  );
}
