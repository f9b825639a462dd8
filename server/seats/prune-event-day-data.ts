import { and, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { checkInOps, events, questionAnswers, rowerSeats } from "#server/db/schema";

/** How long after an event its rowers' swim answers and emergency contacts are kept. */
const EVENT_DAY_DATA_RETENTION_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The daily `prune-event-day-data` job (ADR 038): 30 days after an event ends, its
 * rowers' swim answers and emergency contacts are cleared and the seats marked pruned,
 * the check-in's substitutes' payloads (name and swim answer as typed at the jetty) with
 * them, and every answer to its questions, the team's and the rowers', is deleted.
 * Acceptances of the declaration stay as long as the booking, the record of what was
 * agreed (the privacy notice says both). Only seats not yet pruned are touched, so
 * running it twice changes nothing more. The number of seats pruned.
 */
export async function pruneEventDayData({ db }: { db: Database }, now = new Date()): Promise<number> {
  const endedBefore = new Date(now.getTime() - EVENT_DAY_DATA_RETENTION_DAYS * DAY_MS);
  const ended = db.select({ id: events.id }).from(events).where(lte(events.endsAt, endedBefore));
  await db.delete(questionAnswers).where(inArray(questionAnswers.eventId, ended));
  const pruned = await db
    .update(rowerSeats)
    .set({ swims: null, emergencyName: null, emergencyPhone: null, prunedAt: now, updatedAt: sql`now()` })
    .where(and(isNull(rowerSeats.prunedAt), inArray(rowerSeats.eventId, ended)))
    .returning({ id: rowerSeats.id });
  await db
    .update(checkInOps)
    .set({ payload: null })
    .where(and(isNotNull(checkInOps.payload), inArray(checkInOps.eventId, ended)));
  return pruned.length;
}
