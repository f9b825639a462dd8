import { and, eq, gt } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { events, teamRegistrations } from "#server/db/schema";
import { crewRegistrationIdOf, crewTokenMatches } from "./seat-token";

/**
 * The booking a captain's crew link opens, with its event (ADR 038): only when the token
 * is the booking's at its current `captain_token_version`, the booking is confirmed and
 * the event has not ended. Anything else is null, so callers answer every such link alike.
 */
export async function findCrewByToken(
  { db, authSecret }: { db: Pick<Database, "select">; authSecret: string },
  token: unknown,
  now = new Date(),
) {
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
