import { and, eq, exists, gt, sql } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { events, rowerSeats, teamRegistrations } from "#server/db/schema";
import { seatIdOf, seatTokenMatches, stopRemindersSeatIdOf, stopRemindersTokenMatches } from "./seat-token";

/** The links that name a seat: the rower's own, and the one in reminders that stops them. */
const SEAT_LINKS = {
  rower: { idOf: seatIdOf, matches: seatTokenMatches },
  "stop-reminders": { idOf: stopRemindersSeatIdOf, matches: stopRemindersTokenMatches },
};

/**
 * The seat a rower's link opens, with its event and booking (ADR 038): only when the token
 * is the seat's at its current version, the booking is confirmed and the event has not
 * ended. Anything else is null, so callers answer every such link with the same 404.
 * `link` says which kind of link the token must be: a rower's own by default.
 */
export async function findSeatByToken(
  { db, authSecret }: { db: Database; authSecret: string },
  token: unknown,
  now = new Date(),
  link: keyof typeof SEAT_LINKS = "rower",
) {
  const { idOf, matches: tokenMatches } = SEAT_LINKS[link];
  const seatId = idOf(token);
  if (!seatId) return null;
  const [found] = await db
    .select({
      seat: rowerSeats,
      event: {
        id: events.id,
        slug: events.slug,
        title: events.title,
        titleTranslation: events.titleTranslation,
        language: events.language,
        partnerId: events.partnerId,
        startsAt: events.startsAt,
        endsAt: events.endsAt,
        nonSwimmers: events.nonSwimmers,
        nonSwimmerRule: events.nonSwimmerRule,
        nonSwimmerRuleTranslation: events.nonSwimmerRuleTranslation,
        rowerQuestions: events.rowerQuestions,
      },
      registration: {
        id: teamRegistrations.id,
        reference: teamRegistrations.reference,
        teamName: teamRegistrations.teamName,
        language: teamRegistrations.language,
      },
    })
    .from(rowerSeats)
    .innerJoin(teamRegistrations, eq(teamRegistrations.id, rowerSeats.registrationId))
    .innerJoin(events, eq(events.id, teamRegistrations.eventId))
    .where(and(eq(rowerSeats.id, seatId), eq(teamRegistrations.status, "confirmed"), gt(events.endsAt, now)));
  // The signature is checked even when no seat was found, so a random token takes as long.
  const matches = tokenMatches(authSecret, token as string, found?.seat ?? { id: seatId, tokenVersion: 0 });
  return found && matches ? found : null;
}

/**
 * The condition that a seat's booking is still confirmed and its event not ended, for the
 * WHERE of a write made by link: the lookup above may be a moment old.
 */
function seatStillOpen(db: Pick<Database, "select">, now: Date) {
  return exists(
    db
      .select({ one: sql`1` })
      .from(teamRegistrations)
      .innerJoin(events, eq(events.id, teamRegistrations.eventId))
      .where(
        and(
          eq(teamRegistrations.id, rowerSeats.registrationId),
          eq(teamRegistrations.status, "confirmed"),
          gt(events.endsAt, now),
        ),
      ),
  );
}

/**
 * Whether the token is one the site signed for the seat as it is stored, whatever the
 * booking's or the event's state: a genuine link that has closed, not a guess.
 */
export async function seatLinkSigned(
  { db, authSecret }: { db: Database; authSecret: string },
  token: unknown,
  link: keyof typeof SEAT_LINKS,
): Promise<boolean> {
  const { idOf, matches } = SEAT_LINKS[link];
  const seatId = idOf(token);
  if (!seatId) return false;
  const [seat] = await db
    .select({ id: rowerSeats.id, tokenVersion: rowerSeats.tokenVersion })
    .from(rowerSeats)
    .where(eq(rowerSeats.id, seatId));
  return seat !== undefined && matches(authSecret, token as string, seat);
}

/**
 * The WHERE of a write made by a seat's link: the seat the link opened, still at the
 * link's version (a changed address is a new person, whose answers the old link must not
 * write), its booking still confirmed and its event not ended.
 */
export function seatOfLink(
  db: Pick<Database, "select">,
  seat: { id: string; tokenVersion: number },
  now: Date,
) {
  return and(
    eq(rowerSeats.id, seat.id),
    eq(rowerSeats.tokenVersion, seat.tokenVersion),
    seatStillOpen(db, now),
  );
}
