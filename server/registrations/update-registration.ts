import { and, eq, sql } from "drizzle-orm";
import { registrationUpdateSchema } from "~/lib/forms/registration-schema";
import { isUuid } from "~/lib/ids";
import type { Actor } from "#server/auth/actor";
import { assertBookingAction } from "#server/auth/booking-actions";
import { ownBookingsScope } from "#server/auth/policies";
import type { Database } from "#server/db/client";
import type { TeamRegistration } from "#server/db/rows";
import { events, type RosterMember, teamRegistrations } from "#server/db/schema";
import { invalidInput } from "#server/errors";
import type { MailQueue } from "#server/email/enqueue-email";
import { queueSeatLinks } from "#server/seats/send-seat-links";
import { registrationNotFound } from "./errors";

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
 * not need. An address added or changed sends that person their link (ADR 038); a new
 * captain address ends the crew link sent to the one before.
 */
export async function updateRegistration(
  { db, jobs }: { db: Database; jobs: MailQueue },
  { actor, registrationId, input, now = new Date() }: UpdateRegistrationRequest,
): Promise<TeamRegistration> {
  if (!isUuid(registrationId)) throw registrationNotFound();

  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({
        userId: teamRegistrations.userId,
        roster: teamRegistrations.roster,
        captainEmail: teamRegistrations.captainEmail,
        status: teamRegistrations.status,
        teamSize: events.teamSize,
        event: {
          status: events.status,
          startsAt: events.startsAt,
          endsAt: events.endsAt,
          registrationDeadline: events.registrationDeadline,
        },
      })
      .from(teamRegistrations)
      .innerJoin(events, eq(events.id, teamRegistrations.eventId))
      .where(and(eq(teamRegistrations.id, registrationId), ownBookingsScope(actor)))
      .for("update", { of: teamRegistrations });
    if (!found) throw registrationNotFound();
    assertBookingAction("edit", actor, found, found.event, now);

    const parsed = registrationUpdateSchema(found.teamSize).safeParse(input);
    if (!parsed.success) throw invalidInput(parsed.error.issues);
    const changes = parsed.data;
    // An entry keeps its seat only by an id this roster already has (ADR 038); any other id
    // from the form is dropped, and the database gives the entry a new one.
    const ownIds = new Set(found.roster.map((member) => member.id).filter(Boolean));
    const roster: RosterMember[] = changes.roster.map(({ id, ...member }) =>
      id !== undefined && ownIds.delete(id) ? { id, ...member } : member,
    );

    const sameAddress = (a: string | null | undefined, b: string | null | undefined) =>
      (a ?? "").toLowerCase() === (b ?? "").toLowerCase();
    const captainChanged = !sameAddress(found.captainEmail, changes.captainEmail);
    // A captain who had an address and now another (or none) is another person.
    const newCaptain = captainChanged && Boolean(found.captainEmail);
    const before = new Map(found.roster.map((member) => [member.id, member.email]));
    const addressesChanged =
      captainChanged ||
      roster.some(
        (member) =>
          Boolean(member.email) && !sameAddress(member.id ? before.get(member.id) : undefined, member.email),
      );

    const [updated] = await tx
      .update(teamRegistrations)
      .set({
        teamName: changes.teamName,
        company: changes.company,
        billingCompany: changes.billingCompany,
        billingAddressLine: changes.billingAddressLine,
        billingPostalCode: changes.billingPostalCode,
        billingCity: changes.billingCity,
        cvr: changes.cvr,
        ean: changes.ean,
        poReference: changes.poReference,
        personReference: changes.personReference,
        billingEmail: changes.billingEmail,
        captainName: changes.captainName,
        captainEmail: changes.captainEmail,
        ...(newCaptain ? { captainTokenVersion: sql`${teamRegistrations.captainTokenVersion} + 1` } : {}),
        ...(captainChanged ? { captainInvitedAt: null } : {}),
        captainPhone: changes.captainPhone,
        roster,
        notes: changes.notes,
        updatedAt: sql`now()`,
      })
      .where(eq(teamRegistrations.id, registrationId))
      .returning();
    if (!updated) throw registrationNotFound();
    // The job mails only while the place is confirmed and the event has not ended.
    if (addressesChanged && found.status === "confirmed" && found.event.endsAt > now) {
      await queueSeatLinks(tx, jobs, [registrationId]);
    }
    return updated;
  });
}
