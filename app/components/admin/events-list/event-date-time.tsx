import { formatDate, formatTime } from "~/lib/dates";
import { m } from "~/paraglide/messages";

/** A moment of an event's life in the admin's lists: "14 May 2027, 17:30", or that none was recorded. */
export function EventDateTime({ value }: { value: Date | string | null }) {
  if (!value) return <span className="text-slate-500">{m.admin_events_not_recorded()}</span>;
  const date = new Date(value);
  return (
    <time dateTime={date.toISOString()}>
      {formatDate(date)}, {formatTime(date)}
    </time>
  );
}
