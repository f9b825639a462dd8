import { and, desc, eq, sql } from "drizzle-orm";
import { href } from "react-router";
import { textsIn } from "~/lib/content-language";
import { isUuid } from "~/lib/ids";
import { localizedPath } from "~/lib/i18n/locale";
import { bookingPath } from "~/lib/paths";
import { randomUUID } from "node:crypto";
import { m } from "~/paraglide/messages";
import type { Actor } from "#server/auth/actor";
import { ownBookingsScope } from "#server/auth/policies";
import { returnedRow } from "#server/db/rows";
import {
  events,
  partnerBillingProfiles,
  partners,
  payments,
  teamRegistrations,
  users,
} from "#server/db/schema";
import { AppError } from "#server/errors";
import { registrationNotFound } from "#server/registrations/errors";
import { applicationFeeOf, bookingAmount } from "./amounts";
import type { PaymentServices } from "./payment-services";

/**
 * The checkout a held booking is paid through: the open one when the booker comes back to
 * it, or a new one at the provider for the booking's price, computed here from the event,
 * the discount and the seller's moms (the browser never sends an amount). Only the booker
 * may pay, and only while the places are held; the provider is called outside any
 * transaction, so no lock waits on the network.
 */
export async function startCheckout(
  services: PaymentServices,
  { actor, registrationId, now = new Date() }: { actor: Actor; registrationId: string; now?: Date },
): Promise<{ url: string; paymentId: string }> {
  if (!isUuid(registrationId)) throw registrationNotFound();
  const [found] = await services.db
    .select({
      registration: teamRegistrations,
      event: events,
      revenueSharePercent: partners.revenueSharePercent,
      billing: partnerBillingProfiles,
      bookerEmail: users.email,
    })
    .from(teamRegistrations)
    .innerJoin(events, eq(events.id, teamRegistrations.eventId))
    .innerJoin(partners, eq(partners.id, events.partnerId))
    .leftJoin(partnerBillingProfiles, eq(partnerBillingProfiles.partnerId, events.partnerId))
    .leftJoin(users, eq(users.id, teamRegistrations.userId))
    .where(and(eq(teamRegistrations.id, registrationId), ownBookingsScope(actor)));
  if (!found) throw registrationNotFound();
  const { registration, event, billing } = found;
  if (registration.status !== "held" || !registration.heldUntil || registration.heldUntil <= now) {
    throw new AppError("conflict", m.payment_hold_over(), { reason: "hold_over" });
  }
  if (!billing?.vatConfirmedAt) throw new AppError("conflict", m.payment_not_offered());

  const [open] = await services.db
    .select()
    .from(payments)
    .where(and(eq(payments.registrationId, registration.id), eq(payments.status, "pending")))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  if (open && open.provider === services.payments.name) {
    const state = await services.payments.readPayment(open.checkoutId);
    // A checkout still taking payment is the one to go back to; one paid meanwhile waits for its webhook.
    if (state.status === "open" || state.status === "pending" || state.status === "paid") {
      return { url: open.checkoutUrl, paymentId: open.id };
    }
  }

  const amount = bookingAmount({
    priceMinor: event.priceMinor,
    discountMinor: registration.discountMinor,
    vatStatus: billing.vatStatus,
  });
  const destination =
    billing.payoutAccountId && billing.payoutAccountReady
      ? {
          accountId: billing.payoutAccountId,
          applicationFeeMinor: applicationFeeOf(amount.netMinor, found.revenueSharePercent),
        }
      : null;
  const paymentId = randomUUID();
  const locale = registration.language;
  const { title } = textsIn(event, locale);
  const bookingPage = `${services.baseUrl}${bookingPath(registration.id)}`;
  const checkout = await services.payments.createCheckout({
    paymentId,
    amountMinor: amount.grossMinor,
    currency: "DKK",
    description: m.payment_checkout_description(
      { event: title, team: registration.teamName, reference: registration.reference },
      { locale },
    ),
    customerEmail: found.bookerEmail,
    locale,
    successUrl: `${services.baseUrl}${localizedPath(
      href("/events/:slug/registered/:id", { slug: event.slug, id: registration.id }),
      locale,
    )}`,
    cancelUrl: bookingPage,
    expiresAt: registration.heldUntil,
    destination,
  });
  await services.db
    .insert(payments)
    .values({
      id: paymentId,
      registrationId: registration.id,
      bookerUserId: registration.userId,
      partnerId: event.partnerId,
      eventId: event.id,
      provider: services.payments.name,
      checkoutId: checkout.checkoutId,
      checkoutUrl: checkout.url,
      netMinor: amount.netMinor,
      vatMinor: amount.vatMinor,
      amountMinor: amount.grossMinor,
      applicationFeeMinor: destination?.applicationFeeMinor ?? 0,
      destinationAccountId: destination?.accountId ?? null,
      createdAt: sql`clock_timestamp()`,
    })
    .returning()
    .then(returnedRow);
  return { url: checkout.url, paymentId };
}
