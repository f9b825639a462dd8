import { eq, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Actor } from "#server/auth/actor";
import { assertEventAction, eventActions, type EventAction } from "#server/auth/event-actions";
import { managedEventsScope } from "#server/auth/policies";
import type { Database } from "#server/db/client";
import { returnedRow, scopedLoader, type EventRow } from "#server/db/rows";
import { eventRevisions, events } from "#server/db/schema";
import { notFound } from "#server/errors";
import { assertSameVersion } from "./review-rules";
import { m } from "~/paraglide/messages";

export type EventRevisionRow = typeof eventRevisions.$inferSelect;

export const eventNotFound = () => notFound(m.err_event_not_found());

/**
 * An event the actor manages (server/auth/policies.ts), locked for the rest of the
 * transaction when `forUpdate`. Another partner's event is "not found", like an unknown id.
 */
export const loadManagedEvent = scopedLoader({
  select: (db) => db.select().from(events),
  id: events.id,
  scope: managedEventsScope,
  missing: eventNotFound,
});

/** The event's pending revision (a change to a published event), if it has one. */
export async function loadRevision(db: Database, eventId: string): Promise<EventRevisionRow | null> {
  const [revision] = await db.select().from(eventRevisions).where(eq(eventRevisions.eventId, eventId));
  return revision ?? null;
}

/**
 * The event a command changes, locked for the rest of the transaction, with its pending
 * revision and what the actor may do with it, once the state rule
 * (server/auth/event-actions.ts) allows `action` at `now`. With the `version` an admin's
 * page showed, a change saved since is refused as stale before anything else.
 */
export async function lockEventFor(
  tx: Database,
  action: EventAction,
  { actor, eventId, now, version }: { actor: Actor; eventId: unknown; now: Date; version?: string },
) {
  const event = await loadManagedEvent(tx, actor, eventId, { forUpdate: true });
  if (version !== undefined) assertSameVersion(event, version);
  const revision = await loadRevision(tx, event.id);
  assertEventAction(action, actor, event, revision, now);
  return { event, revision, actions: eventActions(actor, event, revision, now) };
}

/**
 * Writes to an event the transaction holds locked (`lockEventFor`) and gives the row as
 * it is now. Every write raises the version, so an admin never approves what they did
 * not see.
 */
export async function writeEvent(
  tx: Database,
  eventId: string,
  values: PgUpdateSetSource<typeof events>,
): Promise<EventRow> {
  return tx
    .update(events)
    .set({ ...values, version: sql`${events.version} + 1` })
    .where(eq(events.id, eventId))
    .returning()
    .then(returnedRow);
}
