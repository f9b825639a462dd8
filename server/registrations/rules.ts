import { eq, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import { formatInstant } from "~/lib/dates";
import type { Database } from "#server/db/client";
import type { EventRow, TeamRegistration, Transaction } from "#server/db/rows";
import { eventPlaces, events, teamRegistrations } from "#server/db/schema";
import { closed, type AppError } from "#server/errors";
import { movedMeanwhile, registrationNotFound } from "./errors";
import { m } from "~/paraglide/messages";

/**
 * Locks the event row until the transaction ends. Every command that changes which
 * teams hold a spot (a new registration, a cancellation, a promotion) takes this lock
 * first, so they run one at a time per event and each sees the others' committed rows.
 */
export async function lockEvent(tx: Transaction, eventId: string): Promise<EventRow | undefined> {
  // Named, so each PostgreSQL connection parses and plans it once, not every booking.
  // FOR NO KEY UPDATE: it orders the commands as FOR UPDATE would, but lets a transaction
  // insert a row referring to the event (an invoice, a credit note) while waiting in line;
  // FOR UPDATE blocks that reference's key-share lock, and a partner's credit note holding
  // the invoice's lock then deadlocks with a cancellation holding the event's.
  const [event] = await tx
    .select()
    .from(events)
    .where(eq(events.id, eventId))
    .for("no key update")
    .prepare("lock_event")
    .execute();
  return event;
}

/**
 * The event a registration is on now, read without a lock, to lock it first
 * (`lockEventAndRegistration`); null when the registration is gone (its booker was deleted).
 */
export async function currentEventOf(tx: Transaction, registrationId: string): Promise<string | null> {
  const [row] = await tx
    .select({ eventId: teamRegistrations.eventId })
    .from(teamRegistrations)
    .where(eq(teamRegistrations.id, registrationId));
  return row?.eventId ?? null;
}

/**
 * Locks a registration's event, then the registration: the order every command locks
 * in, so none deadlock. The event was read before the lock, so the team may have moved.
 */
export async function lockEventAndRegistration(
  tx: Transaction,
  eventId: string,
  registrationId: string,
): Promise<{ event: EventRow; registration: TeamRegistration }> {
  const event = await lockEvent(tx, eventId);
  const [registration] = await tx
    .select()
    .from(teamRegistrations)
    .where(eq(teamRegistrations.id, registrationId))
    .for("no key update");
  if (!event || !registration) throw registrationNotFound();
  if (registration.eventId !== event.id) throw movedMeanwhile();
  return { event, registration };
}

/**
 * An event's teams in these states, as a column of a query that reads `events`:
 * counted from registration rows, never stored. The outer column is written out in full
 * because Drizzle leaves column names unqualified in single-table queries, which would
 * bind them to the subquery's own table.
 */
function teamsOfEvent(statuses: ("confirmed" | "waitlisted" | "held")[]) {
  return sql<number>`(
  select count(*)::int from ${teamRegistrations}
  where ${teamRegistrations.eventId} = "events"."id" and ${teamRegistrations.status} in (${sql.raw(statuses.map((status) => `'${status}'`).join(", "))})
)`;
}

/**
 * Teams that take a place: confirmed ones, and those held while their booker pays online
 * (a hold counts exactly like a confirmed place until it is paid or released). What
 * "teams registered" means wherever it is shown or checked. Read from `event_places`,
 * which triggers keep equal to the count of those rows (migration 0025, ADR 007), so it
 * costs one index lookup however many teams the event has.
 */
export const placesTakenCount = sql<number>`coalesce((
  select places.taken from ${eventPlaces} places where places.event_id = "events"."id"
), 0)`;

/** Teams waiting for a spot. */
export const waitlistedTeamsCount = teamsOfEvent(["waitlisted"]);

/**
 * Changes the place of a registration the transaction holds locked (its status, or the
 * event it is at) and gives its row after. `updatedAt` is the moment of the change under
 * the event's lock, as `created_at` is of a booking (ADR 007), not the transaction's start.
 */
export async function changePlace(
  tx: Transaction,
  registrationId: string,
  values: PgUpdateSetSource<typeof teamRegistrations>,
): Promise<TeamRegistration> {
  const [changed] = await tx
    .update(teamRegistrations)
    .set({ ...values, updatedAt: sql`clock_timestamp()` })
    .where(eq(teamRegistrations.id, registrationId))
    .returning();
  if (!changed) throw registrationNotFound();
  return changed;
}

/**
 * Places taken at an event (confirmed and held teams). After `lockEvent` it must run as its own statement: in
 * READ COMMITTED each statement reads a fresh snapshot, whereas a count inside the
 * locking statement would use the snapshot taken before it waited for the lock.
 */
export async function countPlacesTaken(db: Database, eventId: string): Promise<number> {
  const [row] = await db.select({ confirmed: placesTakenCount }).from(events).where(eq(events.id, eventId));
  return row?.confirmed ?? 0;
}

/** Why an event takes no new registrations at `now`, or null while it does. */
export function registrationClosed(event: EventRow, now: Date): AppError | null {
  if (event.status === "cancelled") {
    return closed(m.err_registration_event_cancelled(), "cancelled");
  }
  // The deadline is never after the start (a database rule), so the later states are checked first.
  if (event.endsAt <= now) {
    return closed(m.err_event_taken_place(), "ended");
  }
  if (event.startsAt <= now) {
    return closed(m.err_registration_started(), "started");
  }
  if (event.registrationDeadline <= now) {
    return closed(
      m.err_registration_deadline_passed({ date: formatInstant(event.registrationDeadline) }),
      "deadline",
    );
  }
  return null;
}
