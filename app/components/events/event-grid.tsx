import { cn } from "~/lib/utils";
import { EventCard, type EventCardProps } from "./event-card";

/** The cards of a grid's first row on a wide screen (three) are drawn before any scrolling. */
const FIRST_ROW = 3;

/**
 * Event cards in rows of up to three; `emptyText` stands in when there are none. A grid at
 * the top of its page (`atTop`) loads its first row's pictures at once, the first one before
 * anything else, since that picture is the largest thing a phone shows; the others wait
 * until they are near.
 */
export function EventGrid({
  events,
  headingLevel,
  emptyText,
  className,
  atTop = false,
}: {
  events: (EventCardProps & { id: string })[];
  headingLevel?: EventCardProps["headingLevel"];
  emptyText?: string;
  /** The space above the grid, in place of `mt-8` (classes are joined, not merged). */
  className?: string;
  atTop?: boolean;
}) {
  const loadingOf = (index: number) =>
    !atTop || index >= FIRST_ROW ? "lazy" : index === 0 ? "first" : "eager";
  if (events.length === 0) {
    return emptyText ? <p className="mt-6 text-slate-600">{emptyText}</p> : null;
  }
  return (
    <ul className={cn(className ?? "mt-8", "grid gap-6 sm:grid-cols-2 lg:grid-cols-3")}>
      {events.map((event, index) => (
        <li key={event.id} className="flex">
          <EventCard {...event} headingLevel={headingLevel} imageLoading={loadingOf(index)} />
        </li>
      ))}
    </ul>
  );
}
