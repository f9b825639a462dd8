import { and, eq, gt } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { events, teamRegistrations } from "#server/db/schema";
import { crewRegistrationIdOf, crewTokenMatches } from "./seat-token";

type CrewLookup = { db: Pick<Database, "select">; authSecret: string };

/**
 * The booking a captain's crew link opens, with its event (ADR 038): only when the token
 * is the booking's at its current `captain_token_version`, the booking is confirmed and
 * the event has not ended. Anything else is null, so callers answer every such link alike.
 */
export async function findCrewByToken({ db, authSecret }: CrewLookup, token: unknown, now = new Date()) {
  const registrationId = crewRegistrationIdOf(token);
  if (!registrationId) return null;
  const [found] = await db
    .select({
      registration: {
        id: teamRegistrations.id,
        reference: teamRegistrations.reference,
        teamName: teamRegistrations.teamName,
        roster: teamRegistrations.roster,
        language: teamRegistrations.language,
        captainTokenVersion: teamRegistrations.captainTokenVersion,
      },
      event: {
        id: events.id,
        title: events.title,
        titleTranslation: events.titleTranslation,
        language: events.language,
        rowerQuestions: events.rowerQuestions,
        startsAt: events.startsAt,
        endsAt: events.endsAt,
      },
    })
    .from(teamRegistrations)
    .innerJoin(events, eq(events.id, teamRegistrations.eventId))
    .where(
      and(
        eq(teamRegistrations.id, registrationId),
        eq(teamRegistrations.status, "confirmed"),
        gt(events.endsAt, now),
      ),
    );
  // The signature is checked even when no booking was found, so a random token takes as long.
  const matches = crewTokenMatches(authSecret, token as string, {
    id: registrationId,
    tokenVersion: found?.registration.captainTokenVersion ?? 0,
  });
  return found && matches ? found : null;
}

/**
 * The booking a crew token is the current link of, whatever its state: for a form the
 * captain sends from a page opened before the booking was cancelled or the event ended,
 * which is refused with its reason rather than the 404 of a link that never opened
 * anything. Null for a token of no booking, an older version's or a forged one.
 */
export async function crewBookingOfToken(
  { db, authSecret }: CrewLookup,
  token: unknown,
): Promise<{ id: string; captainTokenVersion: number } | null> {
  const registrationId = crewRegistrationIdOf(token);
  if (!registrationId) return null;
  const [found] = await db
    .select({ id: teamRegistrations.id, captainTokenVersion: teamRegistrations.captainTokenVersion })
    .from(teamRegistrations)
    .where(eq(teamRegistrations.id, registrationId));
  const matches = crewTokenMatches(authSecret, token as string, {
    id: registrationId,
    tokenVersion: found?.captainTokenVersion ?? 0,
  });
  return found && matches ? found : null;
}
