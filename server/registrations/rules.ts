import { count, and, eq } from "drizzle-orm";
import { formatDate, formatTime } from "~/lib/dates";
import type { Database } from "#server/db/client";
import { events, teamRegistrations } from "#server/db/schema";
import type { AppError } from "#server/errors";
import { closed } from "./errors";

export type TeamRegistration = typeof teamRegistrations.$inferSelect;
export type EventRow = typeof events.$inferSelect;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids come from URLs; a malformed one must be "not found", not a database type error. */
export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}

/** When a booking's deadline is shown: "June 1, 2027 at 9:00 AM" in Copenhagen. */
export function formatInstant(instant: Date): string {
  return `${formatDate(instant)} at ${formatTime(instant)}`;
}

/**
 * Locks the event row until the transaction ends. Every command that changes which
 * teams hold a spot (a new registration, a cancellation, a promotion) takes this lock
 * first, so they run one at a time per event and each sees the others' committed rows.
 */
export async function lockEvent(tx: Transaction, eventId: string): Promise<EventRow | undefined> {
  // Named, so each PostgreSQL connection parses and plans it once, not every booking.
  const [event] = await tx
    .select()
    .from(events)
    .where(eq(events.id, eventId))
    .for("update")
    .prepare("lock_event")
    .execute();
  return event;
}

/**
 * Confirmed teams of an event. It must run as its own statement after `lockEvent`: in
 * READ COMMITTED each statement reads a fresh snapshot, whereas a count inside the
 * locking statement would use the snapshot taken before it waited for the lock.
 */
export async function countConfirmed(tx: Transaction, eventId: string): Promise<number> {
  const [row] = await tx
    .select({ confirmed: count() })
    .from(teamRegistrations)
    .where(and(eq(teamRegistrations.eventId, eventId), eq(teamRegistrations.status, "confirmed")));
  return row?.confirmed ?? 0;
}

/** Why an event takes no new registrations at `now`, or null while it does. */
export function registrationClosed(event: EventRow, now: Date): AppError | null {
  if (event.status === "cancelled") {
    return closed("This event has been cancelled, so it takes no registrations.", "cancelled");
  }
  // The deadline is never after the start (a database rule), so the later states are checked first.
  if (event.endsAt <= now) {
    return closed("This event has already taken place.", "ended");
  }
  if (event.startsAt <= now) {
    return closed("This event has already started, so registration is closed.", "started");
  }
  if (event.registrationDeadline <= now) {
    return closed(
      `Registration for this event closed on ${formatInstant(event.registrationDeadline)}.`,
      "deadline",
    );
  }
  return null;
}
