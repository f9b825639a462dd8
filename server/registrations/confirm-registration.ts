import { eq, sql } from "drizzle-orm";
import type { Actor } from "#server/auth/actor";
import { canManageEvent } from "#server/auth/policies";
import { recordAudit } from "#server/audit/record-audit";
import { teamRegistrations } from "#server/db/schema";
import { AppError, forbidden } from "#server/errors";
import { bookingParties, enqueueEmails, organiserConfirmationMails } from "./emails";
import { closed, movedMeanwhile, registrationNotFound } from "./errors";
import { findManagedRegistration } from "./managed-queries";
import type { RegistrationServices } from "./register-team";
import { countConfirmed, isUuid, lockEvent, type TeamRegistration } from "./rules";

/**
 * Takes a waitlisted team off the waitlist by hand, for whoever manages the event,
 * while a spot is free and the published event has not started. The free spot is
 * counted under the event's lock, as every booking is, so two confirmations (or a
 * confirmation and a new booking) cannot overbook. The captain and the booker are
 * mailed with the calendar file, and the change is audited.
 */
export async function confirmRegistration(
  services: RegistrationServices,
  { actor, registrationId, now = new Date() }: { actor: Actor; registrationId: string; now?: Date },
): Promise<TeamRegistration> {
  if (!isUuid(registrationId)) throw registrationNotFound();

  return services.db.transaction(async (tx) => {
    const managed = await findManagedRegistration(tx, actor, registrationId);
    if (!managed) throw registrationNotFound();
    if (!canManageEvent(actor, managed)) throw forbidden();

    const event = await lockEvent(tx, managed.eventId);
    const [registration] = await tx
      .select()
      .from(teamRegistrations)
      .where(eq(teamRegistrations.id, registrationId))
      .for("update");
    if (!event || !registration) throw registrationNotFound();
    if (registration.eventId !== event.id) throw movedMeanwhile();

    if (registration.status === "cancelled") {
      throw closed(
        "This team's registration is cancelled, so it cannot be confirmed. The team can book again.",
        "registration_cancelled",
      );
    }
    if (registration.status === "confirmed") {
      throw new AppError("invalid_transition", "This team is already confirmed.");
    }
    if (event.status !== "published") {
      throw new AppError(
        "invalid_transition",
        event.status === "cancelled"
          ? "This event has been cancelled, so no team can be confirmed."
          : "This event is not published, so no team can be confirmed.",
      );
    }
    if (event.startsAt <= now) {
      throw closed(
        "This event has already started, so the waitlist can no longer change.",
        event.endsAt <= now ? "ended" : "started",
      );
    }
    const confirmedTeams = await countConfirmed(tx, event.id);
    if (confirmedTeams >= event.maxTeams) {
      throw new AppError(
        "conflict",
        `There is no free spot: ${confirmedTeams} of ${event.maxTeams} teams are confirmed. Cancel or move a confirmed team first, or raise the event's maximum number of teams.`,
        { reason: "full" },
      );
    }

    const [confirmed] = await tx
      .update(teamRegistrations)
      .set({ status: "confirmed", updatedAt: sql`clock_timestamp()` })
      .where(eq(teamRegistrations.id, registrationId))
      .returning();
    if (!confirmed) throw registrationNotFound();

    const parties = await bookingParties(tx, event, [confirmed.userId]);
    await enqueueEmails(
      services.jobs,
      tx,
      organiserConfirmationMails(
        {
          registration: confirmed,
          event,
          organizerName: parties.organizerName,
          bookerEmail: parties.bookerEmails.get(confirmed.userId) ?? confirmed.captainEmail ?? "",
        },
        services,
        now,
      ),
    );
    await recordAudit(tx, actor, {
      action: "registration.confirm",
      entityType: "registration",
      entityId: confirmed.id,
      partnerId: event.partnerId,
      summary: `Confirmed ${confirmed.teamName} (${confirmed.reference}) from the waitlist of ${event.title}`,
      changes: { status: { before: registration.status, after: "confirmed" } },
    });
    return confirmed;
  });
}
