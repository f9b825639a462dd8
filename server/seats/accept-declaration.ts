import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "#server/db/client";
import { declarationAcceptances, eventDeclarations, rowerSeats } from "#server/db/schema";
import { AppError } from "#server/errors";
import { m } from "~/paraglide/messages";
import { noDeclaration, seatLinkNotFound } from "./errors";
import { findSeatByToken, seatOfLink } from "./find-seat-by-token";

export type AcceptDeclarationRequest = {
  /** The token of the rower's link. */
  token: unknown;
  /** The form: `version`, the declaration's version the page showed the rower. */
  input: unknown;
  now?: Date;
};

/**
 * The version the page showed. The page always sends one; a form without it (forged, or
 * from a page cached before versions were sent) is answered as a changed text.
 */
const acceptSchema = z.object({ version: z.coerce.number().int().positive().max(1_000_000) });

/**
 * A rower accepts the event's declaration by their link (ADR 038): the acceptance names
 * the version, the time and that it came by link. Only the version the rower read counts:
 * a text changed while the page was open is refused, so nobody accepts words they were not
 * shown. Accepting again after a new version moves the acceptance to it; an event without
 * a declaration has nothing to accept.
 */
export async function acceptDeclaration(
  services: { db: Database; authSecret: string },
  { token, input, now = new Date() }: AcceptDeclarationRequest,
) {
  const found = await findSeatByToken(services, token, now);
  if (!found) throw seatLinkNotFound();
  const shown = acceptSchema.safeParse(input).data?.version;
  return services.db.transaction(async (tx) => {
    // The seat locked at the link's version, so an address changed meanwhile (which clears
    // the acceptance) cannot be followed by this one; a booking cancelled since the lookup
    // takes no acceptance either.
    const [seat] = await tx
      .select({ id: rowerSeats.id })
      .from(rowerSeats)
      .where(seatOfLink(tx, found.seat, now))
      .for("update", { of: rowerSeats });
    if (!seat) throw seatLinkNotFound();
    const [current] = await tx
      .select({ id: eventDeclarations.id, version: eventDeclarations.version })
      .from(eventDeclarations)
      .where(eq(eventDeclarations.eventId, found.event.id))
      .orderBy(desc(eventDeclarations.version))
      .limit(1);
    if (!current) throw noDeclaration();
    if (current.version !== shown) {
      throw new AppError("invalid_transition", m.err_declaration_changed({ version: current.version }));
    }
    const accepted = { declarationId: current.id, acceptedAt: now, method: "link" as const };
    const [acceptance] = await tx
      .insert(declarationAcceptances)
      .values({ seatId: seat.id, ...accepted })
      .onConflictDoUpdate({
        target: declarationAcceptances.seatId,
        set: { ...accepted, staffUserId: null, staffEmail: null },
      })
      .returning();
    return { acceptance: acceptance!, version: current.version };
  });
}
