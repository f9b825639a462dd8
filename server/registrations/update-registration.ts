import { and, eq, sql } from "drizzle-orm";
import { registrationUpdateSchema } from "~/lib/forms/registration-schema";
import type { Database } from "#server/db/client";
import { events, teamRegistrations } from "#server/db/schema";
import { notFound, RegistrationError } from "./errors";
import { formatInstant, invalidInput, isUuid, type TeamRegistration } from "./rules";

export type UpdateRegistrationRequest = {
  actor: { userId: string };
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
  if (!isUuid(registrationId)) throw notFound();

  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({
        status: teamRegistrations.status,
        eventStatus: events.status,
        teamSize: events.teamSize,
        registrationDeadline: events.registrationDeadline,
      })
      .from(teamRegistrations)
      .innerJoin(events, eq(events.id, teamRegistrations.eventId))
      .where(and(eq(teamRegistrations.id, registrationId), eq(teamRegistrations.userId, actor.userId)))
      .for("update", { of: teamRegistrations });
    if (!found) throw notFound();

    if (found.status === "cancelled") {
      throw new RegistrationError(
        "closed",
        "This registration has been cancelled, so it can no longer be changed.",
        {
          reason: "registration_cancelled",
        },
      );
    }
    if (found.eventStatus === "cancelled") {
      throw new RegistrationError(
        "closed",
        "This event has been cancelled, so its bookings can no longer be changed.",
        {
          reason: "cancelled",
        },
      );
    }
    if (found.registrationDeadline <= now) {
      throw new RegistrationError(
        "closed",
        `Changes closed with the registration deadline on ${formatInstant(found.registrationDeadline)}.`,
        { reason: "deadline" },
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
    if (!updated) throw notFound();
    return updated;
  });
}
