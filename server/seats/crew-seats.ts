import { and, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { declarationAcceptances, eventDeclarations, events, rowerSeats } from "#server/db/schema";
import { textsIn } from "~/lib/content-language";
import type { Locale } from "~/lib/i18n/locale";
import { seatState } from "./seat-state";

/**
 * What the crew list prints beside each rower (ADR 038): the seat's state and what is
 * missing, the swim answer, the declaration version accepted and how, and whom to call.
 * With the event's rule for non-swimmers in the reader's language and its current
 * declaration version, so an outdated acceptance says so. The caller has already checked
 * the event is within the reader's scope; `registrationIds` are that event's teams.
 */
export async function crewSeats(
  db: Database,
  { eventId, registrationIds, locale }: { eventId: string; registrationIds: string[]; locale: Locale },
) {
  const [[event], [latest], rows] = await Promise.all([
    db
      .select({
        language: events.language,
        nonSwimmers: events.nonSwimmers,
        nonSwimmerRule: events.nonSwimmerRule,
        nonSwimmerRuleTranslation: events.nonSwimmerRuleTranslation,
      })
      .from(events)
      .where(eq(events.id, eventId)),
    db
      .select({ version: eventDeclarations.version })
      .from(eventDeclarations)
      .where(eq(eventDeclarations.eventId, eventId))
      .orderBy(desc(eventDeclarations.version))
      .limit(1),
    registrationIds.length === 0
      ? Promise.resolve([])
      : db
          .select({
            id: rowerSeats.id,
            registrationId: rowerSeats.registrationId,
            email: rowerSeats.email,
            confirmedAt: rowerSeats.confirmedAt,
            swims: rowerSeats.swims,
            prunedAt: rowerSeats.prunedAt,
            emergencyName: rowerSeats.emergencyName,
            emergencyPhone: rowerSeats.emergencyPhone,
            addedAtJetty: rowerSeats.addedAtJetty,
            acceptedVersion: eventDeclarations.version,
            acceptedMethod: declarationAcceptances.method,
          })
          .from(rowerSeats)
          .leftJoin(declarationAcceptances, eq(declarationAcceptances.seatId, rowerSeats.id))
          .leftJoin(eventDeclarations, eq(eventDeclarations.id, declarationAcceptances.declarationId))
          .where(and(eq(rowerSeats.eventId, eventId), inArray(rowerSeats.registrationId, registrationIds))),
  ]);
  const currentVersion = latest?.version ?? null;
  const seats = Object.fromEntries(
    rows.map(({ email, confirmedAt, prunedAt, ...seat }) => [
      seat.id,
      {
        ...seat,
        ...seatState(
          { email, confirmedAt, swims: seat.swims, prunedAt },
          seat.acceptedVersion,
          currentVersion,
        ),
      },
    ]),
  );
  const rule = event ? textsIn(event, locale) : null;
  return {
    nonSwimmers: rule?.nonSwimmers ?? "with_rule",
    nonSwimmerRule: rule?.nonSwimmerRule ?? "",
    currentVersion,
    /** By seat id, which is its roster entry's id. */
    seats,
  };
}
