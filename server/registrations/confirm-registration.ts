import type { Actor } from "#server/auth/actor";
import { assertRegistrationAction } from "#server/auth/registration-actions";
import { recordAudit } from "#server/audit/record-audit";
import type { TeamRegistration } from "#server/db/rows";
import { isUuid } from "~/lib/ids";
import { bookingParties, enqueueEmails, organiserConfirmationMails } from "./emails";
import { registrationNotFound } from "./errors";
import { findManagedRegistration } from "./managed-queries";
import type { RegistrationServices } from "./register-team";
import { changePlace, countPlacesTaken, lockEventAndRegistration } from "./rules";
import { invoiceConfirmedPlaces } from "./invoice-places";
import { queueSeatLinks } from "#server/seats/send-seat-links";

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

    const { event, registration } = await lockEventAndRegistration(tx, managed.eventId, registrationId);

    const confirmedTeams = await countPlacesTaken(tx, event.id);
    assertRegistrationAction("confirm", actor, registration, { ...event, confirmedTeams }, now);

    const confirmed = await changePlace(tx, registrationId, { status: "confirmed" });

    const parties = await bookingParties(tx, event, [confirmed.userId]);
    await enqueueEmails(
      services.jobs,
      tx,
      organiserConfirmationMails(parties.booking(confirmed), services, now),
    );
    await queueSeatLinks(tx, services.jobs, [confirmed.id]);
    await recordAudit(tx, actor, {
      action: "registration.confirm",
      entityId: confirmed.id,
      partnerId: event.partnerId,
      summary: `Confirmed ${confirmed.teamName} (${confirmed.reference}) from the waitlist of ${event.title}`,
      changes: { status: { before: registration.status, after: "confirmed" } },
    });
    // Last: the seller's series stays locked from the invoice's number to the commit.
    await invoiceConfirmedPlaces(tx, services, { event, confirmed: [confirmed], parties, now });
    return confirmed;
  });
}
