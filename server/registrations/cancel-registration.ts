import { and, eq } from "drizzle-orm";
import { cancelTeamSchema } from "~/lib/forms/registration-admin-schemas";
import { isUuid } from "~/lib/ids";
import type { Actor } from "#server/auth/actor";
import { assertBookingAction } from "#server/auth/booking-actions";
import { assertRegistrationAction } from "#server/auth/registration-actions";
import { canChangeBooking, ownBookingsScope } from "#server/auth/policies";
import { recordAudit } from "#server/audit/record-audit";
import type { EventRow, TeamRegistration, Transaction } from "#server/db/rows";
import { teamRegistrations } from "#server/db/schema";
import { forbidden, parseInput } from "#server/errors";
import {
  bookingParties,
  cancellationMails,
  enqueueEmails,
  organiserCancellationMails,
  partnerNoticeMails,
  promotionMails,
} from "./emails";
import { registrationNotFound } from "./errors";
import { findManagedRegistration } from "./managed-queries";
import type { RegistrationServices } from "./register-team";
import { fillFreeSpots } from "./fill-free-spots";
import { changePlace, lockEventAndRegistration } from "./rules";
import { creditPlace, invoiceConfirmedPlaces } from "./invoice-places";
import { m } from "~/paraglide/messages";
import { refundPercentAt } from "~/lib/billing/refund-policy";

import { releaseDiscountUse } from "#server/discounts/release-discount-use";
import { queueSeatLinks } from "#server/seats/send-seat-links";

/**
 * The share of the price a booker gets back for cancelling at `now`: all of it for a
 * booking whose event moved to its backup date for the weather, until the new start (the
 * team booked the first date, ADR 038); otherwise the policy stored with the booking, or,
 * for a booking made before policies, all of it until the registration deadline and
 * nothing after (the default terms of ADR 035).
 */
export function bookerRefundPercent(
  registration: Pick<TeamRegistration, "refundPolicy" | "movedByWeatherAt">,
  event: Pick<EventRow, "startsAt" | "registrationDeadline">,
  now: Date,
): number {
  if (registration.movedByWeatherAt && now < event.startsAt) return 100;
  if (registration.refundPolicy) return refundPercentAt(registration.refundPolicy, event.startsAt, now);
  return now < event.registrationDeadline ? 100 : 0;
}

export type CancelRegistrationRequest = {
  actor: Actor;
  registrationId: string;
  now?: Date;
  /**
   * Cancelled by whoever manages the event (a partner's member or an admin) rather than
   * by the person who booked: read within the managed events, recorded in the audit log,
   * and the team is told the organiser did it.
   */
  asOrganiser?: boolean;
  /** The organiser's form (`cancelTeamSchema`): an optional reason mailed to the team. */
  input?: unknown;
};

export type CancelRegistrationResult = {
  registration: TeamRegistration;
  /** Waitlisted teams that took the freed spot, oldest first (normally one, or none). */
  promoted: TeamRegistration[];
};

/** The registration's event, within the actor's reach on the path asked for. */
async function eventOfCancellable(
  tx: Transaction,
  actor: Actor,
  registrationId: string,
  asOrganiser: boolean,
): Promise<string> {
  if (asOrganiser) {
    return (await findManagedRegistration(tx, actor, registrationId)).eventId;
  }
  const [owned] = await tx
    .select({ eventId: teamRegistrations.eventId, userId: teamRegistrations.userId })
    .from(teamRegistrations)
    .where(and(eq(teamRegistrations.id, registrationId), ownBookingsScope(actor)));
  if (!owned) throw registrationNotFound();
  if (!canChangeBooking(actor, owned)) throw forbidden();
  return owned.eventId;
}

/**
 * Cancels a registration until the event starts: one of the actor's own bookings, or,
 * `asOrganiser`, a team at an event the actor manages. A confirmed team's spot goes to
 * the team that has waited longest, in the same transaction and under the same event
 * lock as new bookings. The mails are queued in the same transaction: for the booker's
 * own cancellation the captain and the organising partner's members; for the
 * organiser's, the captain and the booker, with the reason, and an audit row. Either
 * way a promoted team's captain hears. A booker cancelling twice changes nothing and
 * sends nothing; an organiser is told the team is already cancelled.
 */
export async function cancelRegistration(
  services: RegistrationServices,
  { actor, registrationId, now = new Date(), asOrganiser = false, input }: CancelRegistrationRequest,
): Promise<CancelRegistrationResult> {
  if (!isUuid(registrationId)) throw registrationNotFound();

  return services.db.transaction(async (tx) => {
    const eventId = await eventOfCancellable(tx, actor, registrationId, asOrganiser);
    // Only now the input: another partner's registration is "not found" whatever was sent.
    const reason = asOrganiser ? parseInput(cancelTeamSchema, input ?? {}).reason : null;

    const { event, registration } = await lockEventAndRegistration(tx, eventId, registrationId);

    if (asOrganiser) {
      assertRegistrationAction("cancel", actor, registration, event, now);
    } else {
      // Cancelling twice changes nothing and sends nothing.
      if (registration.status === "cancelled") return { registration, promoted: [] };
      assertBookingAction("cancel", actor, registration, event, now);
    }

    const cancelled = await changePlace(tx, registrationId, { status: "cancelled", cancelledAt: now });

    // A called-off event promises no one a spot.
    const freedSpot = registration.status === "confirmed" && event.status === "published";
    const promoted = freedSpot ? await fillFreeSpots(tx, event) : [];

    const parties = await bookingParties(tx, event, [cancelled.userId, ...promoted.map((row) => row.userId)]);
    const booking = parties.booking(cancelled);
    await enqueueEmails(services.jobs, tx, [
      ...(asOrganiser
        ? organiserCancellationMails(booking, reason, services)
        : [
            ...cancellationMails(booking, services),
            ...partnerNoticeMails("cancelled", booking, parties.memberEmails, services),
          ]),
      ...promotionMails(parties, promoted, services, now),
    ]);
    await queueSeatLinks(
      tx,
      services.jobs,
      promoted.map((row) => row.id),
    );
    if (asOrganiser) {
      const moved = promoted.map((row) => `${row.teamName} (${row.reference})`).join(", ");
      await recordAudit(tx, actor, {
        action: "registration.cancel",
        entityId: cancelled.id,
        partnerId: event.partnerId,
        summary: [
          `Cancelled ${cancelled.teamName} (${cancelled.reference}) at ${event.title}`,
          reason ? `: ${reason}` : "",
          moved ? `. Moved up from the waitlist: ${moved}` : "",
        ].join(""),
        changes: { status: { before: registration.status, after: "cancelled" } },
      });
    }
    if (registration.status === "held" && cancelled.discountCodeId) {
      // Never paid, so never booked: the code's use is given back.
      await releaseDiscountUse(tx, cancelled.discountCodeId);
    }
    // The place's invoice is credited in full when the organiser cancels; when the booker
    // does, by the share of the cancellation policy stored with the booking, the rest
    // standing as the cancellation fee (a booking from before policies: in full until the
    // registration deadline). A credit of an invoice paid online is refunded with it. The
    // documents come last, as the seller's series stays locked from a number to the commit.
    const percent = asOrganiser ? 100 : bookerRefundPercent(registration, event, now);
    if (percent > 0) {
      await creditPlace(tx, services, {
        registration: cancelled,
        bookerEmail: booking.bookerEmail,
        reason: (locale) =>
          percent >= 100
            ? m.invoice_reason_booking_cancelled({}, { locale })
            : m.invoice_reason_cancellation_policy({ percent, fee: 100 - percent }, { locale }),
        now,
        percent,
      });
    }
    await invoiceConfirmedPlaces(tx, services, { event, confirmed: promoted, parties, now });
    return { registration: cancelled, promoted };
  });
}
