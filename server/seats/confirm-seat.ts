import { sql } from "drizzle-orm";
import { seatConfirmationSchema } from "~/lib/forms/seat-schemas";
import type { Database } from "#server/db/client";
import { rowerSeats } from "#server/db/schema";
import { parseInput } from "#server/errors";
import { seatLinkNotFound } from "./errors";
import { findSeatByToken, seatOfLink } from "./find-seat-by-token";

export type ConfirmSeatRequest = {
  /** The token of the rower's link: the link is the rower's only credential. */
  token: unknown;
  /** The form's `swims` ("yes" or "no"), `emergencyName` and `emergencyPhone`. */
  input: unknown;
  now?: Date;
};

/**
 * A rower confirms their seat by their link (ADR 038): whether they can swim and whom to
 * call if something happens. Answering again replaces the answers. A link that opens no
 * seat is the same 404 whatever the reason, before the answers are looked at.
 */
export async function confirmSeat(
  services: { db: Database; authSecret: string },
  { token, input, now = new Date() }: ConfirmSeatRequest,
) {
  const found = await findSeatByToken(services, token, now);
  if (!found) throw seatLinkNotFound();
  const answers = parseInput(seatConfirmationSchema, input);
  // Only the version the link was signed for: an address changed meanwhile is a new person;
  // and the booking and event checked again in the write, so a booking cancelled or an
  // event ended since the lookup takes nothing.
  const [seat] = await services.db
    .update(rowerSeats)
    .set({
      swims: answers.swims,
      emergencyName: answers.emergencyName,
      emergencyPhone: answers.emergencyPhone,
      confirmedAt: now,
      prunedAt: null,
      updatedAt: sql`now()`,
    })
    .where(seatOfLink(services.db, found.seat, now))
    .returning();
  if (!seat) throw seatLinkNotFound();
  return seat;
}
