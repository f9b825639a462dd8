/**
 * Paying online (issue 27): places held while the booker pays, confirmed only by the
 * provider's webhook, released when the hold ends, refunded under the booking's policy or
 * in full when the event is called off, and webhooks idempotent in any order. Driven through
 * the real commands with the test provider, whose webhooks are signed and verified exactly
 * as Stripe's; on both databases.
 */
import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_REFUND_POLICY } from "~/lib/billing/refund-policy";
import type { DatabaseHandle } from "#server/db/client";
import {
  invoicePayments,
  invoices,
  partnerMembers,
  paymentRefunds,
  payments,
  teamRegistrations,
} from "#server/db/schema";
import { isAppError } from "#server/errors";
import { cancelEvent } from "#server/events/cancel-event";
import { handlePaymentWebhook } from "#server/online-payments/handle-payment-webhook";
import type { PaymentServices } from "#server/online-payments/payment-services";
import {
  chooseOnTestCheckout,
  createTestProvider,
  readTestCheckout,
} from "#server/online-payments/providers/test-provider";
import { deliverTestWebhook, type TestWebhookEvent } from "#server/online-payments/providers/test-webhooks";
import { releaseEndedHolds } from "#server/online-payments/release-hold";
import { sendRefund } from "#server/online-payments/send-refund";
import { startCheckout } from "#server/online-payments/start-checkout";
import { cancelRegistration } from "#server/registrations/cancel-registration";
import { cancellationRefund } from "#server/registrations/cancellation-refund";
import { registerTeam } from "#server/registrations/register-team";
import { toUbl } from "#server/invoices/ubl";
import { createBooker, userActor } from "../support/accounts";
import { createBillingProfile } from "../support/billing";
import { companyBookingForm } from "../support/booking-form";
import { createTestDatabase } from "../support/database";
import { createTestEvent } from "../support/events";
import { recordingJobs } from "../support/jobs";
import { createTestPartner } from "../support/partners";
import { loadPeppolRules, validateUbl } from "../support/peppol";

const now = new Date("2027-05-03T10:00:00Z");
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const BASE_URL = "https://rcl.test";
const WEBHOOK_SECRET = "whsec_online_payments_test_secret";

let database: DatabaseHandle;
let outbox: ReturnType<typeof recordingJobs>;
let services: PaymentServices;
/** Every webhook the test provider sent, in order, as it was posted. */
const delivered: TestWebhookEvent[] = [];
/** While set, the site's webhook endpoint answers 500, as a server that is down or restarting. */
let endpointDown = false;
const db = () => database.db;

/** Posts a webhook as the test provider does, signed, to the handler the endpoint calls. */
async function post(event: TestWebhookEvent, secret = WEBHOOK_SECRET) {
  await deliverTestWebhook(
    {
      baseUrl: BASE_URL,
      webhookSecret: secret,
      fetch: async (request) => {
        if (endpointDown) return new Response(null, { status: 500 });
        try {
          await handlePaymentWebhook(services, {
            rawBody: await request.text(),
            signature: request.headers.get("stripe-signature"),
          });
          return new Response(null, { status: 200 });
        } catch (error) {
          if (isAppError(error) && error.code === "invalid") return new Response(null, { status: 400 });
          throw error;
        }
      },
    },
    { event },
  );
}

beforeAll(async () => {
  await loadPeppolRules();
  database = await createTestDatabase();
  outbox = recordingJobs(database, {
    "deliver-test-webhook": async ({ event }) => {
      delivered.push(event);
      await post(event);
    },
    "send-refund": (refund) => sendRefund(services, refund),
  });
  const payments = createTestProvider({
    db: db(),
    jobs: outbox.jobs,
    baseUrl: BASE_URL,
    webhookSecret: WEBHOOK_SECRET,
  });
  services = { db: db(), jobs: outbox.jobs, baseUrl: BASE_URL, payments };
});
afterAll(async () => {
  await database?.close();
});

/** A form with a price in it, which the server never reads: it computes the amount. */
const form = (teamName: string) => companyBookingForm(teamName, { amount: "1", amountMinor: "1" });

async function onlineEvent(overrides: Parameters<typeof createTestEvent>[2] = {}) {
  const partner = await createTestPartner(db(), `Online Club ${randomUUID().slice(0, 6)}`);
  await createBillingProfile(db(), partner.id);
  const event = await createTestEvent(db(), partner.id, {
    now,
    priceMinor: 400_000,
    maxTeams: 2,
    paymentMethods: "both",
    publishedAt: now,
    // The site's default: all back until 30 days before, half until 8 days before.
    refundPolicy: [...DEFAULT_REFUND_POLICY],
    ...overrides,
  });
  return { partner, event };
}

async function book(
  eventId: string,
  teamName: string,
  { paymentMethod = "online", joinWaitlist = false, at = now } = {},
) {
  const userId = await createBooker(db(), "online-booker");
  const { registration } = await registerTeam(services, {
    actor: userActor(userId),
    eventId,
    input: form(teamName),
    idempotencyKey: randomUUID(),
    joinWaitlist,
    paymentMethod,
    now: at,
  });
  await outbox.finishBookings();
  return { registration, userId };
}

/** Books online and opens the checkout, as the booking form does. */
async function bookAndCheckout(eventId: string, teamName: string) {
  const booked = await book(eventId, teamName);
  const { paymentId } = await startCheckout(services, {
    actor: userActor(booked.userId),
    registrationId: booked.registration.id,
    now,
  });
  const [payment] = await db().select().from(payments).where(eq(payments.id, paymentId));
  if (!payment) throw new Error("No payment row.");
  return { ...booked, payment };
}

const registrationOf = async (id: string) =>
  (await db().select().from(teamRegistrations).where(eq(teamRegistrations.id, id)))[0]!;
const documentsOf = (registrationId: string) =>
  db()
    .select()
    .from(invoices)
    .where(eq(invoices.registrationId, registrationId))
    .orderBy(asc(invoices.sequenceNumber));
const refundsOf = (paymentId: string) =>
  db().select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paymentId));

describe("paying for a booking online", () => {
  it("holds the places until the webhook confirms them, then invoices what was paid, already paid", async () => {
    const { event } = await onlineEvent();
    const { registration, payment } = await bookAndCheckout(event.id, "Card Crew");
    expect(registration.status).toBe("held");
    expect(registration.heldUntil?.getTime()).toBe(now.getTime() + 15 * MINUTE);
    // The price with 25 % moms, whatever the form said.
    expect(payment).toMatchObject({
      status: "pending",
      netMinor: 400_000,
      vatMinor: 100_000,
      amountMinor: 500_000,
    });
    expect(await documentsOf(registration.id)).toHaveLength(0);

    // The held place counts like a confirmed one: one place is left of two.
    await book(event.id, "Invoice Crew", { paymentMethod: "invoice" });
    await expect(book(event.id, "Too Many")).rejects.toMatchObject({ code: "conflict", reason: "full" });

    await chooseOnTestCheckout(services, { checkoutId: payment.checkoutId, choice: "card" });
    outbox.sent.length = 0;
    await outbox.deliver();

    expect((await registrationOf(registration.id)).status).toBe("confirmed");
    const [invoice, ...others] = await documentsOf(registration.id);
    expect(others).toHaveLength(0);
    expect(invoice).toMatchObject({ kind: "invoice", grossMinor: 500_000 });
    const paid = await db().select().from(invoicePayments).where(eq(invoicePayments.invoiceId, invoice!.id));
    expect(paid).toMatchObject([{ amountMinor: 500_000, source: "online", onlinePaymentId: payment.id }]);
    const [after] = await db().select().from(payments).where(eq(payments.id, payment.id));
    expect(after).toMatchObject({ status: "paid", method: "card", invoiceId: invoice!.id });
    expect(
      outbox.sent.some(
        (mail) => mail.subject.includes("Card Crew") || mail.subject.includes(registration.reference),
      ),
    ).toBe(true);

    // The same webhook again, and again out of turn: one confirmation, one invoice, one payment.
    const last = delivered.at(-1)!;
    await post(last);
    await post(last);
    expect(await documentsOf(registration.id)).toHaveLength(1);
    expect(
      await db().select().from(invoicePayments).where(eq(invoicePayments.invoiceId, invoice!.id)),
    ).toHaveLength(1);
  });

  it("confirms once when the site was down for the first webhook and its retry comes through", async () => {
    const { event } = await onlineEvent({ maxTeams: 5 });
    const { registration, payment } = await bookAndCheckout(event.id, "Restarted Crew");
    endpointDown = true;
    try {
      await chooseOnTestCheckout(services, { checkoutId: payment.checkoutId, choice: "card" });
      await outbox.deliver();
    } finally {
      endpointDown = false;
    }
    // Paid at the provider, unknown to the site: the place stays held, the delivery waits to retry.
    expect((await registrationOf(registration.id)).status).toBe("held");
    const waiting = await database.runSql(
      "select id from pgboss.job where name = 'deliver-test-webhook' and state = 'retry'",
      [],
    );
    expect(waiting.rows).toHaveLength(1);

    // The back-off has passed: the retry is signed afresh and confirms the booking.
    await database.runSql(
      "update pgboss.job set start_after = now() where name = 'deliver-test-webhook' and state = 'retry'",
      [],
    );
    outbox.sent.length = 0;
    await outbox.deliver();
    expect((await registrationOf(registration.id)).status).toBe("confirmed");
    const confirmations = () =>
      outbox.sent.filter(
        (mail) => mail.subject.includes("Restarted Crew") || mail.subject.includes(registration.reference),
      );
    expect(confirmations()).toHaveLength(1);

    // The provider sends the same event once more: nothing is confirmed, invoiced or paid twice.
    await post(delivered.at(-1)!);
    await outbox.deliver();
    const documents = await documentsOf(registration.id);
    expect(documents.map((document) => document.kind)).toEqual(["invoice"]);
    expect(
      await db().select().from(invoicePayments).where(eq(invoicePayments.invoiceId, documents[0]!.id)),
    ).toHaveLength(1);
    expect(confirmations()).toHaveLength(1);
  });

  it("refuses a webhook with a bad signature and changes nothing", async () => {
    const { event } = await onlineEvent();
    const { registration, payment } = await bookAndCheckout(event.id, "Forged Crew");
    await chooseOnTestCheckout(services, { checkoutId: payment.checkoutId, choice: "card" });
    // Taken off the queue by hand, so only the forged copy is posted.
    const queued = await queuedWebhook(payment.checkoutId);
    await expect(post(queued, "whsec_someone_else")).rejects.toThrow(/400/);
    expect((await registrationOf(registration.id)).status).toBe("held");
    expect(await documentsOf(registration.id)).toHaveLength(0);
    await outbox.deliver();
    expect((await registrationOf(registration.id)).status).toBe("confirmed");
  });

  it("releases a hold that ends unpaid: the checkout closes, the waitlist moves up, the booker is told", async () => {
    const { event } = await onlineEvent({ maxTeams: 1 });
    const { registration, payment } = await bookAndCheckout(event.id, "Slow Crew");
    const waiting = await book(event.id, "Waiting Crew", { paymentMethod: "invoice", joinWaitlist: true });
    expect(waiting.registration.status).toBe("waitlisted");

    // Not before the hold ends.
    expect(await releaseEndedHolds(services, new Date(now.getTime() + 14 * MINUTE))).toBe(0);
    outbox.sent.length = 0;
    expect(await releaseEndedHolds(services, new Date(now.getTime() + 16 * MINUTE))).toBe(1);
    await outbox.deliver();

    expect((await registrationOf(registration.id)).status).toBe("cancelled");
    expect((await db().select().from(payments).where(eq(payments.id, payment.id)))[0]?.status).toBe(
      "expired",
    );
    expect((await registrationOf(waiting.registration.id)).status).toBe("confirmed");
    expect((await readTestCheckout(db(), payment.checkoutId))?.status).toBe("expired");
    expect(outbox.sent.map((mail) => mail.subject)).toContainEqual(
      expect.stringContaining("Not booked: Slow Crew"),
    );
    // An expired hold takes no payment: the checkout page refuses, and "Pay now" says why.
    await expect(
      chooseOnTestCheckout(services, { checkoutId: payment.checkoutId, choice: "card" }),
    ).rejects.toMatchObject({ code: "invalid_transition" });
    const { userId } = await bookerOf(registration.id);
    await expect(
      startCheckout(services, { actor: userActor(userId), registrationId: registration.id }),
    ).rejects.toMatchObject({ code: "conflict", reason: "hold_over" });
  });

  it("confirms a payment made in the hold's last moment instead of losing it", async () => {
    const { event } = await onlineEvent();
    const { registration, payment } = await bookAndCheckout(event.id, "Last Minute Crew");
    await chooseOnTestCheckout(services, { checkoutId: payment.checkoutId, choice: "card" });
    // The webhook has not arrived when the hold ends: the release reads the provider first.
    await releaseEndedHolds(services, new Date(now.getTime() + 16 * MINUTE));
    expect((await registrationOf(registration.id)).status).toBe("confirmed");
    await outbox.deliver();
    expect(await documentsOf(registration.id)).toHaveLength(1);
  });

  it("refunds at once a MobilePay payment approved after its hold ended and its place was taken", async () => {
    const { event } = await onlineEvent({ maxTeams: 1 });
    const { registration, payment } = await bookAndCheckout(event.id, "Pending Crew");
    await chooseOnTestCheckout(services, { checkoutId: payment.checkoutId, choice: "mobilepay" });
    await outbox.deliver();
    expect((await registrationOf(registration.id)).status).toBe("held");
    await releaseEndedHolds(services, new Date(now.getTime() + 16 * MINUTE));
    expect((await registrationOf(registration.id)).status).toBe("cancelled");
    const taker = await book(event.id, "Taker Crew", { paymentMethod: "invoice" });
    expect(taker.registration.status).toBe("confirmed");

    outbox.sent.length = 0;
    await chooseOnTestCheckout(services, { checkoutId: payment.checkoutId, choice: "approve" });
    await outbox.deliver();

    expect((await registrationOf(registration.id)).status).toBe("cancelled");
    expect(await refundsOf(payment.id)).toMatchObject([
      { amountMinor: 500_000, reason: "late_payment", status: "succeeded" },
    ]);
    expect((await readTestCheckout(db(), payment.checkoutId))?.refunds).toHaveLength(1);
    expect(await documentsOf(registration.id)).toHaveLength(0);
    const subjects = outbox.sent.map((mail) => mail.subject);
    expect(subjects).toContainEqual(expect.stringContaining("Payment refunded: Pending Crew"));
  });
});

describe("cancelling a booking paid online", () => {
  async function paidBooking(teamName: string) {
    const { event, partner } = await onlineEvent({ maxTeams: 5 });
    const booked = await bookAndCheckout(event.id, teamName);
    await chooseOnTestCheckout(services, { checkoutId: booked.payment.checkoutId, choice: "card" });
    await outbox.deliver();
    return { ...booked, event, partner };
  }

  it("refunds the policy's share, as the credit note credits it, and keeps the rest as the fee", async () => {
    const { registration, userId, payment, event } = await paidBooking("Half Crew");
    // Ten days before the start: in the 50 % window (until 8 days before).
    const at = new Date(event.startsAt.getTime() - 10 * DAY);
    const preview = await cancellationRefund(db(), {
      registration: await registrationOf(registration.id),
      event,
      now: at,
    });
    expect(preview).toEqual({ percent: 50, refundMinor: 250_000, feeMinor: 250_000 });

    await cancelRegistration(services, {
      actor: userActor(userId),
      registrationId: registration.id,
      now: at,
    });
    await outbox.deliver();

    const [invoice, credit] = await documentsOf(registration.id);
    expect(credit).toMatchObject({
      kind: "credit_note",
      creditsInvoiceId: invoice!.id,
      netMinor: 200_000,
      grossMinor: 250_000,
    });
    // The whole place is credited, and the kept half is charged back as a line of its own.
    expect(credit!.content.lines).toEqual([
      invoice!.content.lines[0],
      {
        description: `Cancellation fee kept of invoice ${invoice!.number} under the cancellation policy`,
        quantity: -1,
        unitNetMinor: 200_000,
        netMinor: -200_000,
        vatCategory: "S",
        vatPercent: 25,
        vatMinor: -50_000,
      },
    ]);
    expect(await validateUbl(toUbl(credit!.content))).toEqual([]);
    expect(await refundsOf(payment.id)).toMatchObject([
      { amountMinor: 250_000, reason: "cancellation", status: "succeeded", creditNoteId: credit!.id },
    ]);
    expect((await readTestCheckout(db(), payment.checkoutId))?.refunds).toMatchObject([
      { amountMinor: 250_000 },
    ]);
  });

  it("refunds nothing after the last window, and everything when the partner calls the event off", async () => {
    const late = await paidBooking("Late Crew");
    const at = new Date(late.event.startsAt.getTime() - 2 * DAY);
    await cancelRegistration(services, {
      actor: userActor(late.userId),
      registrationId: late.registration.id,
      now: at,
    });
    await outbox.deliver();
    expect(await documentsOf(late.registration.id)).toHaveLength(1);
    expect(await refundsOf(late.payment.id)).toHaveLength(0);

    const called = await paidBooking("Called Off Crew");
    const organiser = await createBooker(db(), "online-booker");
    await db().insert(partnerMembers).values({ partnerId: called.partner.id, userId: organiser });
    await cancelEvent(services, {
      actor: { userId: organiser, role: "partner", partnerIds: [called.partner.id] },
      eventId: called.event.id,
      input: { reason: "The harbour is closed for a regatta of its own.", confirm: "on" },
      now: new Date(called.event.startsAt.getTime() - 2 * DAY),
    });
    await outbox.deliver();
    expect(await refundsOf(called.payment.id)).toMatchObject([
      { amountMinor: 500_000, reason: "event_cancelled", status: "succeeded" },
    ]);
  });

  it("cancels a place still held when the event is called off, and refunds a payment that arrives after", async () => {
    const { event, partner } = await onlineEvent({ maxTeams: 5 });
    const { registration, payment } = await bookAndCheckout(event.id, "Paying Late Crew");
    const organiser = await createBooker(db(), "online-booker");
    await db().insert(partnerMembers).values({ partnerId: partner.id, userId: organiser });
    await cancelEvent(services, {
      actor: { userId: organiser, role: "partner", partnerIds: [partner.id] },
      eventId: event.id,
      input: { reason: "The harbour is closed for a regatta of its own.", confirm: "on" },
      now: new Date(now.getTime() + MINUTE),
    });
    expect((await registrationOf(registration.id)).status).toBe("cancelled");

    // The checkout was still open: the booker pays, and the money goes straight back.
    await chooseOnTestCheckout(services, { checkoutId: payment.checkoutId, choice: "card" });
    await outbox.deliver();
    expect((await registrationOf(registration.id)).status).toBe("cancelled");
    expect(await documentsOf(registration.id)).toHaveLength(0);
    expect(await refundsOf(payment.id)).toMatchObject([
      { amountMinor: 500_000, reason: "late_payment", status: "succeeded" },
    ]);
  });

  it("refunds once when the refund job runs again after a crash before it recorded the provider's answer", async () => {
    const { registration, userId, payment, event } = await paidBooking("Crash Crew");
    await cancelRegistration(services, {
      actor: userActor(userId),
      registrationId: registration.id,
      now: new Date(event.startsAt.getTime() - 40 * DAY),
    });
    const [refund] = await refundsOf(payment.id);
    await sendRefund(services, { refundId: refund!.id });
    // The crash: the provider made the refund, but its answer was never stored.
    await db()
      .update(paymentRefunds)
      .set({ status: "pending", providerRefundId: null, completedAt: null })
      .where(eq(paymentRefunds.id, refund!.id));
    await sendRefund(services, { refundId: refund!.id });
    await outbox.deliver();
    expect((await readTestCheckout(db(), payment.checkoutId))?.refunds).toHaveLength(1);
    expect(await refundsOf(payment.id)).toMatchObject([{ amountMinor: 500_000, status: "succeeded" }]);
  });
});

describe("who may pay", () => {
  it("lets only the booker open the checkout: another person's booking is not found", async () => {
    const { event } = await onlineEvent();
    const { registration } = await book(event.id, "Private Crew");
    const stranger = await createBooker(db(), "online-booker");
    await expect(
      startCheckout(services, { actor: userActor(stranger), registrationId: registration.id, now }),
    ).rejects.toMatchObject({ code: "not_found" });
    expect(
      await db().select().from(payments).where(eq(payments.registrationId, registration.id)),
    ).toHaveLength(0);
  });

  it("takes only a way to pay the event offers, and invoice when none is chosen", async () => {
    const { event } = await onlineEvent();
    const userId = await createBooker(db(), "online-booker");
    for (const paymentMethod of ["cash", ""]) {
      await expect(
        registerTeam(services, {
          actor: userActor(userId),
          eventId: event.id,
          input: form("Undecided Crew"),
          idempotencyKey: randomUUID(),
          paymentMethod,
          now,
        }),
      ).rejects.toMatchObject({ code: "invalid", fields: { paymentMethod: "Choose how you want to pay." } });
    }
    const unchosen = await registerTeam(services, {
      actor: userActor(userId),
      eventId: event.id,
      input: form("Default Crew"),
      idempotencyKey: randomUUID(),
      now,
    });
    await outbox.finishBookings();
    expect(unchosen.registration).toMatchObject({ status: "confirmed", paymentMethod: "invoice" });
    const invoiceOnly = await onlineEvent({ paymentMethods: "invoice" });
    const { registration } = await book(invoiceOnly.event.id, "Invoice Only Crew", {
      paymentMethod: "online",
    });
    expect(registration).toMatchObject({ status: "confirmed", paymentMethod: "invoice" });
  });
});

/** The webhook a checkout's change queued, read from the queue without running it. */
async function queuedWebhook(checkoutId: string): Promise<TestWebhookEvent> {
  const result = await database.runSql(
    "select data from pgboss.job where name = 'deliver-test-webhook' and state = 'created' order by created_on desc",
    [],
  );
  const rows = result.rows as { data: { event: TestWebhookEvent } }[];
  const found = rows.find((row) => JSON.stringify(row.data).includes(checkoutId));
  if (!found) throw new Error(`No webhook queued for ${checkoutId}.`);
  return found.data.event;
}

async function bookerOf(registrationId: string) {
  const [row] = await db()
    .select({ userId: teamRegistrations.userId })
    .from(teamRegistrations)
    .where(and(eq(teamRegistrations.id, registrationId)));
  return row!;
}

describe("the policy's windows through a cancellation", () => {
  // Summer time begins on 28 March 2027 and ends on 31 October 2027. A window ends at the
  // start's Copenhagen wall-clock time, so across the change it is an hour off 24-hour days.
  const spring = "2027-04-10T08:00:00Z"; // 10:00 summer time; 30 days before is 11 March, 10:00 winter time.
  const autumn = "2027-11-05T09:00:00Z"; // 10:00 winter time; 8 days before is 28 October, 10:00 summer time.
  const cases: [string, string, string, number][] = [
    ["a minute before the 30-day cutoff after the spring change", spring, "2027-03-11T08:59:00Z", 100],
    ["at the 30-day cutoff after the spring change", spring, "2027-03-11T09:00:00Z", 50],
    ["a minute before the 8-day cutoff in summer time", spring, "2027-04-02T07:59:00Z", 50],
    ["at the 8-day cutoff in summer time", spring, "2027-04-02T08:00:00Z", 0],
    ["a minute before the 8-day cutoff before the autumn change", autumn, "2027-10-28T07:59:00Z", 50],
    ["at the 8-day cutoff before the autumn change", autumn, "2027-10-28T08:00:00Z", 0],
  ];

  it.each(cases)("credits and shows the right share %s", async (_name, startsAt, cancelledAt, percent) => {
    const bookedAt = new Date("2027-01-05T10:00:00Z");
    const { event } = await onlineEvent({
      now: bookedAt,
      startsAt: new Date(startsAt),
      endsAt: new Date(new Date(startsAt).getTime() + 8 * 60 * MINUTE),
      registrationDeadline: new Date(new Date(startsAt).getTime() - 7 * DAY),
    });
    const { registration, userId } = await book(event.id, "Window Crew", {
      paymentMethod: "invoice",
      at: bookedAt,
    });
    const at = new Date(cancelledAt);
    const preview = await cancellationRefund(db(), {
      registration: await registrationOf(registration.id),
      event,
      now: at,
    });
    const refundMinor = (500_000 * percent) / 100;
    expect(preview).toEqual({ percent, refundMinor, feeMinor: 500_000 - refundMinor });

    await cancelRegistration(services, {
      actor: userActor(userId),
      registrationId: registration.id,
      now: at,
    });
    const credits = (await documentsOf(registration.id)).filter(
      (document) => document.kind === "credit_note",
    );
    expect(credits.map((credit) => credit.grossMinor)).toEqual(percent > 0 ? [refundMinor] : []);
    expect((await registrationOf(registration.id)).status).toBe("cancelled");
  });
});
