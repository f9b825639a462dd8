import { sql } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { rowerSeats } from "#server/db/schema";
import { seatLinkNotFound } from "./errors";
import { findSeatByToken, seatOfLink } from "./find-seat-by-token";

/**
 * A rower turns their seat's reminders on again (ADR 038), on their own page, by its link
 * (the rower's, not the stop link's). Turned on while a reminder's days have not passed,
 * the job's next run sends it; one whose days passed meanwhile is not sent late.
 */
export async function resumeSeatReminders(
  services: { db: Database; authSecret: string },
  { token, now = new Date() }: { token: unknown; now?: Date },
) {
  const found = await findSeatByToken(services, token, now);
  if (!found) throw seatLinkNotFound();
  const [seat] = await services.db
    .update(rowerSeats)
    .set({ remindersStoppedAt: null, updatedAt: sql`now()` })
    .where(seatOfLink(services.db, found.seat, now))
    .returning();
  if (!seat) throw seatLinkNotFound();
  return seat;
}
