import { AppError } from "#server/errors";
import type { EventRow } from "./event-values";

const refused = (message: string) => new AppError("invalid_transition", message);

/** A cancelled event, or one that has started, is history: it no longer changes. */
export function assertEditable(event: EventRow, now: Date): void {
  if (event.status === "cancelled")
    throw refused("This event has been cancelled, so it can no longer be changed.");
  if (event.startsAt <= now) throw refused("This event has started, so it can no longer be changed.");
}

/** Whether the event has ever been public: then it has registrations to think of and its slug is fixed. */
export const wasPublished = (event: Pick<EventRow, "publishedAt">): boolean => event.publishedAt !== null;
