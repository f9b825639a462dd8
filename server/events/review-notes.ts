import { asc, eq } from "drizzle-orm";
import type { Actor } from "#server/auth/actor";
import type { Database } from "#server/db/client";
import type { EventRow } from "#server/db/rows";
import { eventReviewNotes, users } from "#server/db/schema";
import { revisionValuesOf, withRevision } from "./event-values";
import type { EventRevisionRow } from "./managed-event";

/**
 * Keeps a note an admin sends the partner, with the reviewed values it was about (the
 * event with the change it was sent, if any), so the next review can show what the
 * partner changed since.
 */
export async function recordReviewNote(
  tx: Database,
  actor: Actor,
  {
    event,
    revision,
    note,
    now,
  }: { event: EventRow; revision: EventRevisionRow | null; note: string; now: Date },
): Promise<void> {
  await tx.insert(eventReviewNotes).values({
    eventId: event.id,
    note,
    values: revisionValuesOf(withRevision(event, revision)),
    writtenBy: actor.userId,
    createdAt: now,
  });
}

/** The notes sent to the event's partner, oldest first, with the writer's name when known. */
export async function listReviewNotes(db: Database, eventId: string) {
  return db
    .select({
      id: eventReviewNotes.id,
      note: eventReviewNotes.note,
      values: eventReviewNotes.values,
      writtenAt: eventReviewNotes.createdAt,
      writtenBy: users.name,
    })
    .from(eventReviewNotes)
    .leftJoin(users, eq(users.id, eventReviewNotes.writtenBy))
    .where(eq(eventReviewNotes.eventId, eventId))
    .orderBy(asc(eventReviewNotes.createdAt), asc(eventReviewNotes.id));
}
