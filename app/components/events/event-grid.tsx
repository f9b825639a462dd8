import { cn } from "~/lib/utils";
import { EventCard, type EventCardProps } from "./event-card";

/** Event cards in rows of up to three; `emptyText` stands in when there are none. */
export function EventGrid({
  events,
  headingLevel,
  emptyText,
  className,
}: {
  events: (EventCardProps & { id: string })[];
  headingLevel?: EventCardProps["headingLevel"];
  emptyText?: string;
  className?: string;
}) {
  if (events.length === 0) {
    return emptyText ? <p className="mt-6 text-slate-600">{emptyText}</p> : null;
  }
  return (
    <ul className={cn("mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3", className)}>
      {events.map((event) => (
        <li key={event.id} className="flex">
          <EventCard {...event} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
