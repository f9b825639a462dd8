import { and, eq } from "drizzle-orm";
import type { Actor } from "#server/auth/actor";
import { managedEventsScope } from "#server/auth/policies";
import type { Database } from "#server/db/client";
import { eventRevisions, events } from "#server/db/schema";
import { notFound } from "#server/errors";
import { isUuid } from "#server/registrations/rules";
import type { EventRow } from "./event-values";

export type EventRevisionRow = typeof eventRevisions.$inferSelect;

export const eventNotFound = () => notFound("We could not find that event.");

/**
 * An event the actor manages (server/auth/policies.ts), locked for the rest of the
 * transaction when `forUpdate`. Another partner's event is "not found", like an unknown id.
 */
export async function loadManagedEvent(
  db: Database,
  actor: Actor,
  eventId: unknown,
  { forUpdate = false }: { forUpdate?: boolean } = {},
): Promise<EventRow> {
  if (!isUuid(eventId)) throw eventNotFound();
  const query = db
    .select()
    .from(events)
    .where(and(eq(events.id, eventId), managedEventsScope(actor)));
  const [event] = forUpdate ? await query.for("update") : await query;
  if (!event) throw eventNotFound();
  return event;
}

/** The event's pending revision (a change to a published event), if it has one. */
export async function loadRevision(db: Database, eventId: string): Promise<EventRevisionRow | null> {
  const [revision] = await db.select().from(eventRevisions).where(eq(eventRevisions.eventId, eventId));
  return revision ?? null;
}
