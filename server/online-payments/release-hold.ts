import { and, asc, eq, lte } from "drizzle-orm";
import type { TeamRegistration } from "#server/db/rows";
import { payments, teamRegistrations } from "#server/db/schema";
import { enqueueEmails } from "#server/email/enqueue-email";
import { releaseDiscountUse } from "#server/discounts/release-discount-use";
import { bookingParties, promotionMails } from "#server/registrations/emails";
import { fillFreeSpots } from "#server/registrations/fill-free-spots";
import { invoiceConfirmedPlaces } from "#server/registrations/invoice-places";
import { changePlace, currentEventOf, lockEventAndRegistration } from "#server/registrations/rules";
import { log } from "#server/log";
import { holdEndedMail } from "./emails";
import type { PaymentServices } from "./payment-services";
import { syncPayment } from "./sync-payment";
import { queueSeatLinks } from "#server/seats/send-seat-links";

/** Holds released per run; a longer backlog is taken by the next minute's run. */
const BATCH = 100;

/**
 * Every minute: the holds that ended without a payment give their places back (see
 * `releaseHold`). Returns how many were released.
 */
export async function releaseEndedHolds(services: PaymentServices, now = new Date()): Promise<number> {
  const ended = await services.db
    .select({ id: teamRegistrations.id })
    .from(teamRegistrations)
    .where(and(eq(teamRegistrations.status, "held"), lte(teamRegistrations.heldUntil, now)))
    .orderBy(asc(teamRegistrations.heldUntil))
    .limit(BATCH);
  let released = 0;
  for (const { id } of ended) {
    try {
      if (await releaseHold(services, id, now)) released += 1;
    } catch (error) {
      // One hold the provider cannot answer for stays until the next run; the others go on.
      log.warn({ err: error, registrationId: id }, "A hold could not be released; the next run tries again.");
    }
  }
  return released;
}

/**
 * Ends one hold. Its checkouts are closed at the provider first and read once more, so a
 * payment made in the last moment confirms the booking instead of being lost; only then,
 * under the event's lock, is a hold still unpaid cancelled: its discount use given back,
 * the waitlist moved up, and the booker told. Idempotent: a hold already ended is left.
 */
export async function releaseHold(
  services: PaymentServices,
  registrationId: string,
  now = new Date(),
): Promise<boolean> {
  const open = await services.db
    .select({ id: payments.id, checkoutId: payments.checkoutId, provider: payments.provider })
    .from(payments)
    .where(and(eq(payments.registrationId, registrationId), eq(payments.status, "pending")));
  for (const payment of open) {
    if (payment.provider !== services.payments.name) continue;
    await services.payments.expireCheckout(payment.checkoutId);
    await syncPayment(services, { paymentId: payment.id, now });
  }

  return services.db.transaction(async (tx) => {
    const eventId = await currentEventOf(tx, registrationId);
    if (!eventId) return false;
    const { event, registration } = await lockEventAndRegistration(tx, eventId, registrationId);
    if (!isEnded(registration, now)) return false;
    const released = await changePlace(tx, registrationId, {
      status: "cancelled",
      cancelledAt: now,
      heldUntil: null,
    });
    await tx
      .update(payments)
      .set({ status: "expired", updatedAt: now })
      .where(and(eq(payments.registrationId, registrationId), eq(payments.status, "pending")));
    if (released.discountCodeId) await releaseDiscountUse(tx, released.discountCodeId);
    const promoted = event.status === "published" ? await fillFreeSpots(tx, event) : [];
    const parties = await bookingParties(tx, event, [
      released.userId,
      ...promoted.map((team) => team.userId),
    ]);
    await enqueueEmails(services.jobs, tx, [
      holdEndedMail(parties.booking(released), services),
      ...promotionMails(parties, promoted, services, now),
    ]);
    await queueSeatLinks(
      tx,
      services.jobs,
      promoted.map((team) => team.id),
    );
    await invoiceConfirmedPlaces(tx, services, { event, confirmed: promoted, parties, now });
    return true;
  });
}

const isEnded = (registration: TeamRegistration, now: Date) =>
  registration.status === "held" && registration.heldUntil !== null && registration.heldUntil <= now;
