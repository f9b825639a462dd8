import { sql } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { rowerSeats } from "#server/db/schema";
import { seatLinkNotFound } from "./errors";
import { findSeatByToken, seatOfLink } from "./find-seat-by-token";

/**
 * A rower stops the reminders about their seat (ADR 038) by the link in one: that seat's
 * reminders only; the link mail and the booking's own mails go on, and the rower can turn
 * them on again on their page. Stopping again keeps the first time. A link that opens no
 * seat (unknown, of a replaced address, a cancelled booking, an ended event) is the rower
 * link's 404.
 */
export async function stopSeatReminders(
  services: { db: Database; authSecret: string },
  { token, now = new Date() }: { token: unknown; now?: Date },
) {
  const found = await findSeatByToken(services, token, now, "stop-reminders");
  if (!found) throw seatLinkNotFound();
  // At the link's version only, and the booking and event checked again in the write.
  const [seat] = await services.db
    .update(rowerSeats)
    .set({
      remindersStoppedAt: sql`coalesce(${rowerSeats.remindersStoppedAt}, ${now.toISOString()}::timestamptz)`,
      updatedAt: sql`now()`,
    })
    .where(seatOfLink(services.db, found.seat, now))
    .returning();
  if (!seat) throw seatLinkNotFound();
  return seat;
}
