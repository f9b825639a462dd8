import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client";
import { partnerStatements, paymentRefunds, payments, siteSettings, users } from "#server/db/schema";
import { sampleSiteSettings } from "#server/db/seed/sample-content";
import { registerTeam } from "#server/registrations/register-team";
import { makeMonthlyStatements } from "#server/settlements/make-monthly-statements";
import { listStatements } from "#server/settlements/queries";
import { renderStatementPdf } from "#server/settlements/render-statement-pdf";
import { readStatementContents } from "#server/settlements/statement-contents";
import { statementCsv } from "#server/settlements/statement-csv";
import { userActor } from "../support/accounts";
import { companyBookingForm } from "../support/booking-form";
import { createBillingProfile } from "../support/billing";
import { createTestDatabase } from "../support/database";
import { createTestEvent } from "../support/events";
import { recordingJobs } from "../support/jobs";
import { createTestPartner } from "../support/partners";

/*
 * The statement settles online money (ADR 035, "Settlements"). Payments and refunds are
 * inserted as the online-payment commands leave them: a paid payment with its `paid_at`,
 * a succeeded refund with its `completed_at`. August and September 2027 are summer time
 * (UTC+2): 23:59 on 31 August in Copenhagen is 21:59 UTC, midnight is 22:00 UTC.
 */
const august = new Date("2027-08-10T10:00:00Z");
const lastMinuteOfAugust = new Date("2027-08-31T21:59:00Z");
const firstMinuteOfSeptember = new Date("2027-08-31T22:00:00Z");
/** 05:00 on the 1st in Copenhagen, when the job runs. */
const firstOfSeptember = new Date("2027-09-01T03:00:00Z");
const firstOfOctober = new Date("2027-10-01T03:00:00Z");
const eventsFrom = new Date("2027-12-01T10:00:00Z");

let database: DatabaseHandle;
let outbox: ReturnType<typeof recordingJobs>;
const db = () => database.db;
const services = () => ({ db: db(), jobs: outbox.jobs, baseUrl: "https://rcl.test" });

beforeAll(async () => {
  database = await createTestDatabase();
  outbox = recordingJobs(database);
  await db().insert(siteSettings).values(sampleSiteSettings).onConflictDoNothing();
});
afterAll(async () => {
  await database?.close();
});

async function partnerWith(name: string, partner: Parameters<typeof createTestPartner>[2]) {
  const created = await createTestPartner(db(), name, partner);
  await createBillingProfile(db(), created.id, { invoiceEmail: `kasse@${created.slug}.dk` });
  const event = await createTestEvent(db(), created.id, {
    now: eventsFrom,
    priceMinor: 200_000,
    maxTeams: 20,
  });
  return { ...created, eventId: event.id };
}

/** A booking paid by invoice: the month's sales, on which the commission is taken. */
async function bookByInvoice(eventId: string, now: Date) {
  const userId = `online-settlement-${randomUUID().slice(0, 8)}`;
  await db()
    .insert(users)
    .values({ id: userId, name: "Booker", email: `${userId}@example.dk`, emailVerified: true });
  await registerTeam(services(), {
    actor: userActor(userId),
    eventId,
    input: companyBookingForm(`Team ${userId.slice(-6)}`),
    idempotencyKey: randomUUID(),
    joinWaitlist: false,
    now,
  });
  await outbox.finishBookings();
}

let checkouts = 0;
async function pay(
  partner: { id: string; eventId: string },
  {
    amountMinor,
    paidAt,
    feeMinor = 0,
    destination = false,
    status = "paid",
  }: {
    amountMinor: number;
    paidAt: Date | null;
    feeMinor?: number;
    destination?: boolean;
    status?: "paid" | "pending";
  },
) {
  checkouts += 1;
  const vatMinor = Math.floor(amountMinor / 5);
  const [row] = await db()
    .insert(payments)
    .values({
      registrationId: randomUUID(),
      bookerUserId: "booker",
      partnerId: partner.id,
      eventId: partner.eventId,
      provider: "test",
      checkoutId: `test_settlement_${checkouts}_${randomUUID().slice(0, 8)}`,
      checkoutUrl: "https://rcl.test/test-payments/checkout",
      status,
      netMinor: amountMinor - vatMinor,
      vatMinor,
      amountMinor,
      applicationFeeMinor: feeMinor,
      destinationAccountId: destination ? "acct_test_partner" : null,
      paidAt,
    })
    .returning();
  return row!;
}

async function refund(
  paymentId: string,
  amountMinor: number,
  completedAt: Date | null,
  status: "succeeded" | "pending" | "failed" = "succeeded",
) {
  await db()
    .insert(paymentRefunds)
    .values({ paymentId, amountMinor, reason: "cancellation", status, completedAt });
}

const statementOf = async (partnerId: string, month: string) =>
  (
    await db()
      .select()
      .from(partnerStatements)
      .where(and(eq(partnerStatements.partnerId, partnerId), eq(partnerStatements.month, month)))
  )[0];

describe("a statement settles the month's online money", () => {
  it("pays out what RCL collected, less the commission not kept as fees, once per payment and refund", async () => {
    // A basic partner without a connected account: RCL collects everything for it.
    const collected = await partnerWith("Collected Club", {});
    const first = await pay(collected, { amountMinor: 100_000, paidAt: august });
    await refund(first.id, 20_000, new Date("2027-08-20T10:00:00Z"));
    await refund(first.id, 30_000, new Date("2027-09-05T10:00:00Z"));
    // Neither a refund still pending or failed, nor a payment not taken, is money moved.
    await refund(first.id, 10_000, null, "pending");
    await refund(first.id, 10_000, new Date("2027-08-21T10:00:00Z"), "failed");
    await pay(collected, { amountMinor: 70_000, paidAt: null, status: "pending" });
    await pay(collected, { amountMinor: 50_000, paidAt: lastMinuteOfAugust });
    await pay(collected, { amountMinor: 40_000, paidAt: firstMinuteOfSeptember });

    // A premium partner (10 %) with a connected account for some payments and not others.
    const connected = await partnerWith("Connected Club", { tier: "premium", revenueSharePercent: 10 });
    await bookByInvoice(connected.eventId, august);
    await bookByInvoice(connected.eventId, august);
    const charge = await pay(connected, {
      amountMinor: 250_000,
      feeMinor: 12_345,
      destination: true,
      paidAt: august,
    });
    // 12.345 × 10.000 / 250.000 = 493,8 → 494 of the fee goes back with the refund.
    await refund(charge.id, 10_000, new Date("2027-08-25T10:00:00Z"));
    await pay(connected, { amountMinor: 125_000, paidAt: new Date("2027-08-20T10:00:00Z") });

    // A premium partner (20 %) whose commission is more than RCL collected for it.
    const owing = await partnerWith("Owing Club", {
      tier: "premium",
      revenueSharePercent: 20,
      language: "da",
    });
    await bookByInvoice(owing.eventId, august);
    await bookByInvoice(owing.eventId, august);
    await pay(owing, { amountMinor: 30_000, paidAt: august });

    // A partner with no online money: its statement is as before, with no online lines.
    const plain = await partnerWith("Plain Club", {});
    await bookByInvoice(plain.eventId, august);

    const made = await makeMonthlyStatements(services(), { now: firstOfSeptember });
    expect(made.map((row) => row.partnerId).sort()).toEqual(
      [collected.id, connected.id, owing.id, plain.id].sort(),
    );

    // 100.000 + 50.000 (23:59) − 20.000 refunded in August; midnight's 40.000 is September's.
    expect(await statementOf(collected.id, "2027-08-01")).toMatchObject({
      netMinor: 0,
      grossMinor: 0,
      revenueSharePercent: null,
      onlineCollectedMinor: 130_000,
      applicationFeesMinor: 0,
      payoutMinor: 130_000,
    });
    // Sales 400.000 net: commission 40.000 + moms 10.000 = 50.000, of which 12.345 − 494 = 11.851
    // was kept as fees; the other 38.149 is set off against the 125.000 collected.
    expect(await statementOf(connected.id, "2027-08-01")).toMatchObject({
      netMinor: 400_000,
      commissionNetMinor: 40_000,
      commissionVatMinor: 10_000,
      onlineCollectedMinor: 125_000,
      applicationFeesMinor: 11_851,
      payoutMinor: 125_000 - (50_000 - 11_851),
    });
    // Commission 80.000 + moms 20.000 against 30.000 collected: the partner owes 70.000.
    expect(await statementOf(owing.id, "2027-08-01")).toMatchObject({
      commissionNetMinor: 80_000,
      commissionVatMinor: 20_000,
      onlineCollectedMinor: 30_000,
      applicationFeesMinor: 0,
      payoutMinor: -70_000,
    });
    expect(await statementOf(plain.id, "2027-08-01")).toMatchObject({
      onlineCollectedMinor: 0,
      applicationFeesMinor: 0,
      payoutMinor: 0,
    });

    // September: the payment at midnight, less the refund completed in September.
    const september = await makeMonthlyStatements(services(), { now: firstOfOctober });
    expect(september.map((row) => row.partnerId)).toEqual([collected.id]);
    expect(await statementOf(collected.id, "2027-09-01")).toMatchObject({
      netMinor: 0,
      onlineCollectedMinor: 40_000 - 30_000,
      payoutMinor: 10_000,
    });

    // Made again, by the job or for the month by hand, nothing changes and no mail is queued.
    const rows = await db().select().from(partnerStatements);
    await outbox.deliver();
    outbox.sent.length = 0;
    expect(await makeMonthlyStatements(services(), { now: firstOfOctober })).toEqual([]);
    expect(await makeMonthlyStatements(services(), { now: firstOfOctober, month: "2027-08-01" })).toEqual([]);
    expect(await makeMonthlyStatements(services(), { now: firstOfOctober, month: "2027-09-01" })).toEqual([]);
    expect(await db().select().from(partnerStatements)).toEqual(rows);
    expect(await outbox.deliver()).toEqual([]);

    // The files and the page say it, in the partner's language, leaving out zero lines.
    const collectedCsv = statementCsv(
      await readStatementContents(db(), (await statementOf(collected.id, "2027-08-01"))!.id),
    );
    expect(collectedCsv).toContain("Paid online to RCL for you;;;;;;;1300,00");
    expect(collectedCsv).toContain("RCL pays you;;;;;;;1300,00");
    expect(collectedCsv).not.toContain("Commission kept as payment fees");
    const connectedContents = await readStatementContents(
      db(),
      (await statementOf(connected.id, "2027-08-01"))!.id,
    );
    expect(statementCsv(connectedContents)).toContain("Commission kept as payment fees;;;;;;;118,51");
    expect(statementCsv(connectedContents)).toContain("RCL pays you;;;;;;;868,51");
    expect((await renderStatementPdf(connectedContents)).subarray(0, 5).toString()).toBe("%PDF-");
    const owingCsv = statementCsv(
      await readStatementContents(db(), (await statementOf(owing.id, "2027-08-01"))!.id),
    );
    expect(owingCsv).toContain("Betalt online til RCL for jer;;;;;;;300,00");
    expect(owingCsv).toContain("I skylder RCL;;;;;;;700,00");
    const plainCsv = statementCsv(
      await readStatementContents(db(), (await statementOf(plain.id, "2027-08-01"))!.id),
    );
    expect(plainCsv).not.toMatch(/Paid online|RCL pays you|You owe RCL/);
    // A month of online money alone still renders, naming the partner from its billing profile.
    const onlyOnline = await readStatementContents(db(), (await statementOf(collected.id, "2027-09-01"))!.id);
    expect(onlyOnline.documents).toEqual([]);
    expect(onlyOnline.partner.name).toBe("Københavns Roklub");
    expect((await renderStatementPdf(onlyOnline)).subarray(0, 5).toString()).toBe("%PDF-");

    const listed = await listStatements(db(), {
      actor: { userId: "admin", role: "admin", partnerIds: [] },
      filters: { month: "2027-08-01", partner: connected.id },
      page: 1,
    });
    expect(listed.rows[0]).toMatchObject({
      onlineCollectedMinor: 125_000,
      applicationFeesMinor: 11_851,
      payoutMinor: 86_851,
    });
  });
});
