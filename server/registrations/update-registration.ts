import { and, eq, sql } from "drizzle-orm";
import { registrationUpdateSchema } from "~/lib/forms/registration-schema";
import type { Actor } from "#server/auth/actor";
import { canChangeBooking, ownBookingsScope } from "#server/auth/policies";
import type { Database } from "#server/db/client";
import { events, teamRegistrations } from "#server/db/schema";
import { forbidden, invalidInput } from "#server/errors";
import { closed, registrationNotFound } from "./errors";
import { formatInstant, isUuid, type TeamRegistration } from "./rules";

export type UpdateRegistrationRequest = {
  actor: Actor;
  registrationId: string;
  /** The form's fields (flat or structured), as for a new registration, without the terms. */
  input: unknown;
  now?: Date;
};

/**
 * Edits one of the actor's own registrations until the registration deadline: team,
 * company, billing, captain, roster and notes. The status is never written here; it
 * changes only under the event lock (booking, cancelling, promotion), which this does
 * not need.
 */
export async function updateRegistration(
  { db }: { db: Database },
  { actor, registrationId, input, now = new Date() }: UpdateRegistrationRequest,
): Promise<TeamRegistration> {
  if (!isUuid(registrationId)) throw registrationNotFound();

  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({
        userId: teamRegistrations.userId,
        status: teamRegistrations.status,
        eventStatus: events.status,
        teamSize: events.teamSize,
        registrationDeadline: events.registrationDeadline,
      })
      .from(teamRegistrations)
      .innerJoin(events, eq(events.id, teamRegistrations.eventId))
      .where(and(eq(teamRegistrations.id, registrationId), ownBookingsScope(actor)))
      .for("update", { of: teamRegistrations });
    if (!found) throw registrationNotFound();
    if (!canChangeBooking(actor, found)) throw forbidden();

    if (found.status === "cancelled") {
      throw closed(
        "This registration has been cancelled, so it can no longer be changed.",
        "registration_cancelled",
      );
    }
    if (found.eventStatus === "cancelled") {
      throw closed("This event has been cancelled, so its bookings can no longer be changed.", "cancelled");
    }
    if (found.registrationDeadline <= now) {
      throw closed(
        `Changes closed with the registration deadline on ${formatInstant(found.registrationDeadline)}.`,
        "deadline",
      );
    }

    const parsed = registrationUpdateSchema(found.teamSize).safeParse(input);
    if (!parsed.success) throw invalidInput(parsed.error.issues);
    const changes = parsed.data;

    const [updated] = await tx
      .update(teamRegistrations)
      .set({
        teamName: changes.teamName,
        company: changes.company,
        billingCompany: changes.billingCompany,
        cvr: changes.cvr,
        ean: changes.ean,
        poReference: changes.poReference,
        billingEmail: changes.billingEmail,
        captainName: changes.captainName,
        captainEmail: changes.captainEmail,
        captainPhone: changes.captainPhone,
        roster: changes.roster,
        notes: changes.notes,
        updatedAt: sql`now()`,
      })
      .where(eq(teamRegistrations.id, registrationId))
      .returning();
    if (!updated) throw registrationNotFound();
    return updated;
  });
}
