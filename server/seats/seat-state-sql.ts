import { sql, type SQL } from "drizzle-orm";
import { declarationAcceptances, eventDeclarations, rowerSeats } from "#server/db/schema";
import type { SeatState } from "./seat-state";

/**
 * `seatState` (./seat-state.ts) as SQL over `rower_seats`, for the queries that count or
 * pick seats by state without loading each one: the day page's counts and the rowers'
 * reminders. The two must say the same: `tests/integration/event-day.test.ts` counts seats
 * of every state, and the crew list there shows `seatState`'s words for the same seats.
 */

/** The version of the seat's event's latest declaration; null when it has none. */
const currentDeclarationVersion = sql<number | null>`(select max(${eventDeclarations.version})
  from ${eventDeclarations} where ${eventDeclarations.eventId} = ${rowerSeats.eventId})`;

/** The version the seat's rower accepted; null when none. */
export const acceptedDeclarationVersion = sql<number | null>`(select ${eventDeclarations.version}
  from ${declarationAcceptances} inner join ${eventDeclarations}
    on ${eventDeclarations.id} = ${declarationAcceptances.declarationId}
  where ${declarationAcceptances.seatId} = ${rowerSeats.id})`;

/** Something the rower still has to answer: the swim question or the current declaration. */
const answersMissing = sql`((${rowerSeats.swims} is null and ${rowerSeats.prunedAt} is null)
  or coalesce(${acceptedDeclarationVersion}, 0) < coalesce(${currentDeclarationVersion}, 0))`;

/** The seat's state, as `seatState` names it. */
export const seatStateSql: SQL<SeatState> = sql<SeatState>`case
  when ${rowerSeats.confirmedAt} is null then
    case when ${rowerSeats.email} is null then 'no_address' else 'invited' end
  when ${answersMissing} then 'declaration_missing'
  else 'confirmed' end`;

/** Whether the rower has something left to do: not confirmed, or an answer missing. */
export const seatIncomplete: SQL = sql`(${rowerSeats.confirmedAt} is null or ${answersMissing})`;
