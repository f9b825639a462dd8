import { eq, max } from "drizzle-orm";
import type { Database } from "#server/db/client";
import type { RosterMember } from "#server/db/schema";
import { declarationAcceptances, eventDeclarations, rowerSeats } from "#server/db/schema";
import { seatState, type SeatState, type SeatStateReason } from "./seat-state";

/** A seat as the booker and the captain see it: who, and what is missing, never the answers. */
export type SeatStateRow = {
  id: string;
  name: string;
  /** Whether a link can be sent: the seat has an address (the address itself is not shown). */
  hasAddress: boolean;
  state: SeatState;
  reasons: SeatStateReason[];
};

/**
 * The seats of one booking in its roster's order, each with its state (ADR 038). Callers
 * have checked who may see the booking; this reads no answers beyond what the state needs.
 */
export async function seatStatesOf(
  db: Pick<Database, "select">,
  { registrationId, eventId, roster }: { registrationId: string; eventId: string; roster: RosterMember[] },
): Promise<SeatStateRow[]> {
  const [seats, [current]] = await Promise.all([
    db
      .select({
        id: rowerSeats.id,
        name: rowerSeats.name,
        email: rowerSeats.email,
        confirmedAt: rowerSeats.confirmedAt,
        swims: rowerSeats.swims,
        prunedAt: rowerSeats.prunedAt,
        acceptedVersion: eventDeclarations.version,
      })
      .from(rowerSeats)
      .leftJoin(declarationAcceptances, eq(declarationAcceptances.seatId, rowerSeats.id))
      .leftJoin(eventDeclarations, eq(eventDeclarations.id, declarationAcceptances.declarationId))
      .where(eq(rowerSeats.registrationId, registrationId)),
    db
      .select({ version: max(eventDeclarations.version) })
      .from(eventDeclarations)
      .where(eq(eventDeclarations.eventId, eventId)),
  ]);
  const currentVersion = current?.version ?? null;
  const order = new Map(roster.map((member, index) => [member.id, index]));
  return seats
    .sort(
      (a, b) => (order.get(a.id) ?? Infinity) - (order.get(b.id) ?? Infinity) || a.name.localeCompare(b.name),
    )
    .map((seat) => ({
      id: seat.id,
      name: seat.name,
      hasAddress: seat.email !== null,
      ...seatState(seat, seat.acceptedVersion, currentVersion),
    }));
}
