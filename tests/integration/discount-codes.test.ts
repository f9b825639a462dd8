import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "#server/auth/actor";
import type { DatabaseHandle } from "#server/db/client";
import {
  auditLog,
  discountCodes,
  invoices,
  partnerBillingProfiles,
  partnerMembers,
  teamRegistrations,
  users,
} from "#server/db/schema";
import { createDiscountCode } from "#server/discounts/create-discount-code";
import { disableDiscountCode } from "#server/discounts/disable-discount-code";
import { discountCodeListPage } from "#server/discounts/queries";
import { releaseDiscountUse } from "#server/discounts/release-discount-use";
import { isAppError } from "#server/errors";
import { creditInvoice } from "#server/invoices/credit-invoice";
import { issueBookingInvoice } from "#server/invoices/issue-booking-invoice";
import { registerTeam } from "#server/registrations/register-team";
import { claimCode } from "../support/discounts";
import { userActor } from "../support/accounts";
import { createBillingProfile } from "../support/billing";
import { companyBookingForm } from "../support/booking-form";
import { createTestDatabase } from "../support/database";
import { createTestEvent } from "../support/events";
import { recordingJobs } from "../support/jobs";
import { createTestPartner } from "../support/partners";

const now = new Date("2027-05-03T10:00:00Z");
const DAY = 24 * 60 * 60 * 1000;

let database: DatabaseHandle;
let outbox: ReturnType<typeof recordingJobs>;
const db = () => database.db;

beforeAll(async () => {
  database = await createTestDatabase();
  outbox = recordingJobs(database);
});
afterAll(async () => {
  await database?.close();
});

let userCount = 0;
async function createUser(): Promise<string> {
  userCount += 1;
  const id = `discount-user-${userCount}-${randomUUID().slice(0, 6)}`;
  await db()
    .insert(users)
    .values({ id, name: `Person ${userCount}`, email: `${id}@example.dk`, emailVerified: true });
  return id;
}

async function memberOf(...partnerIds: string[]): Promise<Actor> {
  const userId = await createUser();
  for (const partnerId of partnerIds) await db().insert(partnerMembers).values({ partnerId, userId });
  return { userId, role: "partner", partnerIds };
}

async function admin(): Promise<Actor> {
  return { userId: await createUser(), role: "admin", partnerIds: [] };
}

/** A partner, one of its members and one of its events at 4.000,00 kr. net a team. */
async function club(name = "Discount Club") {
  const partner = await createTestPartner(db(), name);
  const member = await memberOf(partner.id);
  const event = await createTestEvent(db(), partner.id, { now, priceMinor: 400_000, maxTeams: 20 });
  return { partner, member, event };
}

/** The create form as a partner fills it in. */
const codeForm = (partnerId: string, overrides: Record<string, string> = {}) => ({
  partnerId,
  code: `code-${randomUUID().slice(0, 8)}`,
  kind: "percent",
  value: "10",
  eventId: "",
  maxUses: "",
  validFrom: "",
  validUntil: "",
  minTeams: "1",
  ...overrides,
});

/** The refusal a promise ends in: its code and each field's message. */
async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isAppError(error)) return { code: error.code, message: error.message, fields: error.fields };
    throw error;
  }
  throw new Error("Expected a refusal.");
}

async function codeRow(id: string) {
  const [row] = await db().select().from(discountCodes).where(eq(discountCodes.id, id));
  if (!row) throw new Error("No such code.");
  return row;
}

type ClaimEvent = { id: string; partnerId: string; priceMinor: number };
const claim = (code: string, event: ClaimEvent, { teamsHeld = 1, at = now } = {}) =>
  db().transaction((tx) => claimCode(tx, code, event, { teamsHeld, now: at }));

describe("creating a discount code", () => {
  it("stores the code in upper case, a percentage or an amount in øre, and audits it", async () => {
    const { partner, member, event } = await club();
    const percent = await createDiscountCode(
      { db: db() },
      {
        actor: member,
        input: codeForm(partner.id, {
          code: " summer-25 ",
          eventId: event.id,
          maxUses: "10",
          validFrom: "2027-05-01T00:00",
          validUntil: "2027-06-30T23:59",
          minTeams: "2",
        }),
      },
    );
    expect(percent).toMatchObject({
      code: "SUMMER-25",
      kind: "percent",
      percent: 10,
      amountMinor: null,
      eventId: event.id,
      maxUses: 10,
      uses: 0,
      minTeams: 2,
      createdBy: member.userId,
      // Copenhagen summer time: UTC+2.
      validFrom: new Date("2027-04-30T22:00:00Z"),
      validUntil: new Date("2027-06-30T21:59:00Z"),
    });
    const amount = await createDiscountCode(
      { db: db() },
      { actor: member, input: codeForm(partner.id, { kind: "amount", value: "1.250,50" }) },
    );
    expect(amount).toMatchObject({ kind: "amount", amountMinor: 125_050, percent: null, eventId: null });
    const audit = await db()
      .select({ action: auditLog.action, entityId: auditLog.entityId, partnerId: auditLog.partnerId })
      .from(auditLog)
      .where(eq(auditLog.partnerId, partner.id))
      .orderBy(asc(auditLog.createdAt));
    expect(audit).toEqual([
      { action: "discount_code.create", entityId: percent.id, partnerId: partner.id },
      { action: "discount_code.create", entityId: amount.id, partnerId: partner.id },
    ]);
  });

  const rules: [string, Record<string, string>, string, RegExp][] = [
    ["a code of the wrong form", { code: "SU MMER" }, "code", /3 to 32 letters/],
    ["a code too short", { code: "AB" }, "code", /3 to 32 letters/],
    ["a percentage of 0", { value: "0" }, "value", /1 to 100/],
    ["a percentage over 100", { value: "101" }, "value", /1 to 100/],
    ["a percentage with decimals", { value: "12.5" }, "value", /1 to 100/],
    ["an amount of 0", { kind: "amount", value: "0" }, "value", /above 0/],
    ["an amount that is not a number", { kind: "amount", value: "ten" }, "value", /in kroner/],
    ["a usage limit of 0", { maxUses: "0" }, "maxUses", /1 or more/],
    [
      "an end before the start",
      { validFrom: "2027-06-01T00:00", validUntil: "2027-05-01T00:00" },
      "validUntil",
      /after the start/,
    ],
    [
      "an end at the start",
      { validFrom: "2027-06-01T00:00", validUntil: "2027-06-01T00:00" },
      "validUntil",
      /after the start/,
    ],
    ["a date that is no date", { validFrom: "2027-02-30T10:00" }, "validFrom", /date and time/],
    ["a minimum of 0 teams", { minTeams: "0" }, "minTeams", /1 to 50/],
    ["a minimum of 51 teams", { minTeams: "51" }, "minTeams", /1 to 50/],
    ["a kind that is neither", { kind: "free" }, "kind", /percentage or an amount/],
  ];
  it.each(rules)("refuses %s next to its field", async (_name, overrides, field, message) => {
    const { partner, member } = await club();
    const refused = await refusal(
      createDiscountCode({ db: db() }, { actor: member, input: codeForm(partner.id, overrides) }),
    );
    expect(refused.code).toBe("invalid");
    expect(refused.fields[field]).toMatch(message);
    expect(await db().select().from(discountCodes).where(eq(discountCodes.partnerId, partner.id))).toEqual(
      [],
    );
  });

  it("refuses a code the partner already has, in any case, but not one another partner has", async () => {
    const { partner, member } = await club();
    const other = await club("Other Club");
    await createDiscountCode({ db: db() }, { actor: member, input: codeForm(partner.id, { code: "EARLY" }) });
    const refused = await refusal(
      createDiscountCode({ db: db() }, { actor: member, input: codeForm(partner.id, { code: "early" }) }),
    );
    expect(refused).toMatchObject({
      code: "invalid",
      fields: { code: "You already have a discount code called EARLY" },
    });
    await expect(
      createDiscountCode(
        { db: db() },
        { actor: other.member, input: codeForm(other.partner.id, { code: "EARLY" }) },
      ),
    ).resolves.toMatchObject({ code: "EARLY" });
  });

  it("refuses another partner's event as not found, next to the field", async () => {
    const { partner, member } = await club();
    const other = await club("Other Club");
    const refused = await refusal(
      createDiscountCode(
        { db: db() },
        { actor: member, input: codeForm(partner.id, { eventId: other.event.id }) },
      ),
    );
    expect(refused).toMatchObject({ code: "invalid", fields: { eventId: "Event not found" } });
  });

  it("answers another partner, for a member, as not found; an admin creates for any partner", async () => {
    const { partner } = await club();
    const other = await club("Other Club");
    expect(
      (await refusal(createDiscountCode({ db: db() }, { actor: other.member, input: codeForm(partner.id) })))
        .code,
    ).toBe("not_found");
    expect(
      (
        await refusal(
          createDiscountCode(
            { db: db() },
            { actor: userActor(await createUser()), input: codeForm(partner.id) },
          ),
        )
      ).code,
    ).toBe("not_found");
    await expect(
      createDiscountCode(
        { db: db() },
        { actor: await admin(), input: codeForm(partner.id, { code: "ADMIN-MADE" }) },
      ),
    ).resolves.toMatchObject({ partnerId: partner.id, code: "ADMIN-MADE" });
  });
});

describe("disabling a discount code", () => {
  it("switches it off once, audited; again changes nothing", async () => {
    const { partner, member } = await club();
    const code = await createDiscountCode({ db: db() }, { actor: member, input: codeForm(partner.id) });
    const later = new Date(now.getTime() + DAY);
    const disabled = await disableDiscountCode({ db: db() }, { actor: member, codeId: code.id, now: later });
    expect(disabled).toMatchObject({ disabledAt: later, disabledBy: member.userId });
    await disableDiscountCode(
      { db: db() },
      { actor: member, codeId: code.id, now: new Date(later.getTime() + DAY) },
    );
    expect((await codeRow(code.id)).disabledAt).toEqual(later);
    const audit = await db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, code.id), eq(auditLog.action, "discount_code.disable")));
    expect(audit).toHaveLength(1);
  });

  it("answers another partner's code as not found and leaves it unchanged; an admin disables any", async () => {
    const { partner, member } = await club();
    const other = await club("Other Club");
    const code = await createDiscountCode({ db: db() }, { actor: member, input: codeForm(partner.id) });
    const before = await codeRow(code.id);
    for (const actor of [other.member, userActor(await createUser())]) {
      expect((await refusal(disableDiscountCode({ db: db() }, { actor, codeId: code.id }))).code).toBe(
        "not_found",
      );
    }
    expect(
      (await refusal(disableDiscountCode({ db: db() }, { actor: member, codeId: "not-a-uuid" }))).code,
    ).toBe("not_found");
    expect(await codeRow(code.id)).toEqual(before);
    const byAdmin = await admin();
    await disableDiscountCode({ db: db() }, { actor: byAdmin, codeId: code.id, now });
    expect(await codeRow(code.id)).toMatchObject({ disabledAt: now, disabledBy: byAdmin.userId });
  });
});

describe("claiming a discount code in a booking", () => {
  async function codeFor(overrides: Record<string, string> = {}) {
    const setup = await club();
    const code = await createDiscountCode(
      { db: db() },
      { actor: setup.member, input: codeForm(setup.partner.id, overrides) },
    );
    return { ...setup, code };
  }

  it("matches in any case, counts the use and works out the discount", async () => {
    const { event, code } = await codeFor({ value: "15" });
    const claimed = await claim(`  ${code.code.toLowerCase()} `, event);
    expect(claimed).toEqual({ codeId: code.id, code: code.code, discountMinor: 60_000 });
    expect((await codeRow(code.id)).uses).toBe(1);
  });

  it("rounds a percentage half up to the øre and caps an amount at the price", async () => {
    const { event, code } = await codeFor({ value: "10" });
    expect((await claim(code.code, { ...event, priceMinor: 12_345 })).discountMinor).toBe(1_235);
    expect((await claim(code.code, { ...event, priceMinor: 12_344 })).discountMinor).toBe(1_234);
    const amount = await codeFor({ kind: "amount", value: "5000" });
    expect((await claim(amount.code.code, amount.event)).discountMinor).toBe(400_000);
    expect((await claim(amount.code.code, { ...amount.event, priceMinor: 600_000 })).discountMinor).toBe(
      500_000,
    );
  });

  const expectRefusal = async (promise: Promise<unknown>, message: RegExp) => {
    const refused = await refusal(promise);
    expect(refused.code).toBe("invalid");
    expect(refused.fields.discountCode).toMatch(message);
    expect(refused.message).toBe(refused.fields.discountCode);
  };

  it("refuses an unknown code, and another partner's as unknown", async () => {
    const { event, code } = await codeFor();
    const other = await club("Other Club");
    await expectRefusal(claim("NO-SUCH-CODE", event), /don't know this discount code/);
    await expectRefusal(claim("x", event), /don't know this discount code/);
    await expectRefusal(claim(code.code, other.event), /don't know this discount code/);
    expect((await codeRow(code.id)).uses).toBe(0);
  });

  it("refuses a disabled code", async () => {
    const { event, code, member } = await codeFor();
    await disableDiscountCode({ db: db() }, { actor: member, codeId: code.id });
    await expectRefusal(claim(code.code, event), /no longer active/);
  });

  it("refuses a code before it is valid and from the minute it ends", async () => {
    const { event, code } = await codeFor({ validFrom: "2027-05-04T00:00", validUntil: "2027-05-10T12:00" });
    const from = new Date("2027-05-03T22:00:00Z");
    const until = new Date("2027-05-10T10:00:00Z");
    await expectRefusal(claim(code.code, event, { at: new Date(from.getTime() - 1) }), /can be used from/);
    await expect(claim(code.code, event, { at: from })).resolves.toMatchObject({ codeId: code.id });
    await expect(claim(code.code, event, { at: new Date(until.getTime() - 1) })).resolves.toMatchObject({
      codeId: code.id,
    });
    await expectRefusal(claim(code.code, event, { at: until }), /expired on/);
  });

  it("refuses a code for another event of the same partner", async () => {
    const { partner, member, event } = await club();
    const sibling = await createTestEvent(db(), partner.id, { now });
    const forOne = await createDiscountCode(
      { db: db() },
      { actor: member, input: codeForm(partner.id, { eventId: event.id }) },
    );
    await expectRefusal(claim(forOne.code, sibling), /for another event/);
    await expect(claim(forOne.code, event)).resolves.toMatchObject({ codeId: forOne.id });
  });

  it("refuses a code until the account holds its minimum of teams", async () => {
    const { event, code } = await codeFor({ minTeams: "3" });
    await expectRefusal(claim(code.code, event, { teamsHeld: 2 }), /at least 3 teams/);
    await expect(claim(code.code, event, { teamsHeld: 3 })).resolves.toMatchObject({ codeId: code.id });
  });

  it("refuses a code used up, and counts a use given back", async () => {
    const { event, code } = await codeFor({ maxUses: "2" });
    await claim(code.code, event);
    await claim(code.code, event);
    await expectRefusal(claim(code.code, event), /used up/);
    expect((await codeRow(code.id)).uses).toBe(2);
    await db().transaction((tx) => releaseDiscountUse(tx, code.id));
    expect((await codeRow(code.id)).uses).toBe(1);
    await expect(claim(code.code, event)).resolves.toMatchObject({ codeId: code.id });
    const unused = await codeFor();
    await db().transaction((tx) => releaseDiscountUse(tx, unused.code.id));
    expect((await codeRow(unused.code.id)).uses).toBe(0);
  });
});

describe("the invoice of a discounted booking", () => {
  /** A confirmed place at 4.000,02 kr. whose code took `discountMinor` off, and its invoice. */
  async function discountedBooking(discountMinor: number) {
    const { partner, member, event: created } = await club();
    // Not yet confirmed: the booking is not invoiced until the discount is on it.
    await createBillingProfile(db(), partner.id, { vatConfirmedAt: null });
    const event = { ...created, priceMinor: 400_002 };
    const code = await createDiscountCode(
      { db: db() },
      { actor: member, input: codeForm(partner.id, { code: `TEN-${randomUUID().slice(0, 6)}` }) },
    );
    const booker = await createUser();
    const { registration } = await registerTeam(
      { db: db(), jobs: outbox.jobs, baseUrl: "https://rcl.test" },
      {
        actor: userActor(booker),
        eventId: created.id,
        input: companyBookingForm("Nordlys"),
        idempotencyKey: randomUUID(),
        now,
      },
    );
    const [discounted] = await db()
      .update(teamRegistrations)
      .set({ discountCodeId: code.id, discountMinor })
      .where(eq(teamRegistrations.id, registration.id))
      .returning();
    if (!discounted) throw new Error("The booking was not discounted.");
    await db()
      .update(partnerBillingProfiles)
      .set({ vatConfirmedAt: now })
      .where(eq(partnerBillingProfiles.partnerId, partner.id));
    const invoice = await db().transaction((tx) =>
      issueBookingInvoice(tx, outbox.jobs, { registration: discounted, event, now }),
    );
    if (!invoice) throw new Error("No invoice was issued.");
    return { invoice, code };
  }

  it("has the discount as its own line, −1 × the discount, and the moms of the reduced net", async () => {
    const { invoice, code } = await discountedBooking(1);
    expect(
      invoice.content.lines.map(({ quantity, unitNetMinor, netMinor, vatMinor }) => ({
        quantity,
        unitNetMinor,
        netMinor,
        vatMinor,
      })),
    ).toEqual([
      { quantity: 1, unitNetMinor: 400_002, netMinor: 400_002, vatMinor: 100_001 },
      { quantity: -1, unitNetMinor: 1, netMinor: -1, vatMinor: -1 },
    ]);
    expect(invoice.content.lines[1]?.description).toBe(`Discount ${code.code} (10 %)`);
    expect(invoice).toMatchObject({ netMinor: 400_001, vatMinor: 100_000, grossMinor: 500_001 });
  });

  it("is credited in full by exactly what it invoiced, and partly never past what is left", async () => {
    const { invoice } = await discountedBooking(40_000);
    const full = await db().transaction((tx) =>
      creditInvoice(tx, outbox.jobs, { invoice, amount: "rest", reason: "Booking cancelled", now }),
    );
    expect(full).toMatchObject({
      netMinor: invoice.netMinor,
      vatMinor: invoice.vatMinor,
      grossMinor: invoice.grossMinor,
    });
    expect(full?.content.lines).toEqual(invoice.content.lines);

    const { invoice: second } = await discountedBooking(40_000);
    await db().transaction((tx) =>
      creditInvoice(tx, outbox.jobs, { invoice: second, amount: 100_000, reason: "Partial", now }),
    );
    const tooMuch = await refusal(
      db().transaction((tx) =>
        creditInvoice(tx, outbox.jobs, { invoice: second, amount: 260_003, reason: "Too much", now }),
      ),
    );
    expect(tooMuch.code).toBe("invalid");
    await db().transaction((tx) =>
      creditInvoice(tx, outbox.jobs, { invoice: second, amount: "rest", reason: "Rest", now }),
    );
    const credits = await db()
      .select({ netMinor: invoices.netMinor, vatMinor: invoices.vatMinor })
      .from(invoices)
      .where(eq(invoices.creditsInvoiceId, second.id));
    expect(credits.reduce((sum, credit) => sum + credit.netMinor, 0)).toBe(second.netMinor);
    expect(credits.reduce((sum, credit) => sum + credit.vatMinor, 0)).toBe(second.vatMinor);
  });
});

describe("the list of discount codes", () => {
  it("shows the actor's partners' codes with their status, filtered by partner and status", async () => {
    const first = await club("First Club");
    const second = await club("Second Club");
    const both = await memberOf(first.partner.id, second.partner.id);
    const create = (partnerId: string, overrides: Record<string, string>) =>
      createDiscountCode({ db: db() }, { actor: both, input: codeForm(partnerId, overrides) });
    const active = await create(first.partner.id, { code: "ACTIVE", maxUses: "10" });
    const full = await create(first.partner.id, { code: "FULL", maxUses: "1" });
    await claimCode(db(), "FULL", first.event, { now });
    const scheduled = await create(second.partner.id, { code: "LATER", validFrom: "2027-06-01T00:00" });
    const expired = await create(second.partner.id, { code: "GONE", validUntil: "2027-05-01T00:00" });
    const off = await create(second.partner.id, { code: "OFF" });
    await disableDiscountCode({ db: db() }, { actor: both, codeId: off.id });
    const stranger = await club("Stranger Club");
    await createDiscountCode(
      { db: db() },
      { actor: stranger.member, input: codeForm(stranger.partner.id, { code: "HIDDEN" }) },
    );

    const read = (query = "") =>
      discountCodeListPage(db(), { actor: both, url: new URL(`https://rcl.test/x?${query}`), page: 1, now });
    const all = await read();
    expect(all.showPartner).toBe(true);
    expect(Object.fromEntries(all.rows.map((row) => [row.code, row.status]))).toEqual({
      ACTIVE: "active",
      FULL: "used_up",
      LATER: "scheduled",
      GONE: "expired",
      OFF: "disabled",
    });
    expect(all.total).toBe(5);
    for (const [status, code] of [
      ["active", active],
      ["used_up", full],
      ["scheduled", scheduled],
      ["expired", expired],
      ["disabled", off],
    ] as const) {
      expect((await read(`status=${status}`)).rows.map((row) => row.id)).toEqual([code.id]);
    }
    expect((await read(`partner=${first.partner.id}`)).rows.map((row) => row.code).sort()).toEqual([
      "ACTIVE",
      "FULL",
    ]);
    expect((await read("status=nonsense")).problems).toHaveLength(1);
    expect((await refusal(read(`partner=${stranger.partner.id}`))).code).toBe("not_found");
    const everyone = await discountCodeListPage(db(), {
      actor: await admin(),
      url: new URL("https://rcl.test/x?status=all"),
      page: 1,
      now,
    });
    expect(everyone.rows.map((row) => row.code)).toContain("HIDDEN");
  });
});
