import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "#server/auth/actor";
import { eq } from "drizzle-orm";
import { paymentRefunds, payments, profiles, teamRegistrations } from "#server/db/schema";
import {
  bookingPaymentsForBooker,
  bookingPaymentsForSeller,
  checkPaymentFilters,
  eventPaymentTotals,
  listPayments,
  listPaymentsForExport,
  paymentsQuery,
  readPaymentFilters,
} from "#server/online-payments/queries";
import { createAccount, type TestAccount } from "../support/accounts";
import { createTestEvent } from "../support/events";
import { createTestSite, type TestSite } from "../support/http-app";
import { createTestPartner } from "../support/partners";
import { planOf } from "../support/query-plan";

// The read side of online payments: the admin's Payments list (its status worked out from
// the refunds, filters, totals, pages), its CSV, a booking's payments and refunds on the
// organiser's and the booker's pages, and an event's totals. The rows are inserted as the
// payment commands leave them; one site for the file, without sample content.

let site: TestSite;
const db = () => site.database.db;

type Club = { partnerId: string; account: TestAccount; actor: Actor };

async function club(name: string): Promise<Club> {
  const partner = await createTestPartner(db(), name);
  const account = await createAccount(site, { role: "partner", partnerId: partner.id });
  return {
    partnerId: partner.id,
    account,
    actor: { userId: account.id, role: "partner", partnerIds: [partner.id] },
  };
}

let admin: TestAccount;
const adminActor = (): Actor => ({ userId: admin.id, role: "admin", partnerIds: [] });
let north: Club;
let south: Club;
let booker: TestAccount;
let northEvent: Awaited<ReturnType<typeof createTestEvent>>;
let southEvent: Awaited<ReturnType<typeof createTestEvent>>;

type Booking = { id: string; reference: string; paymentId: string };
const bookings = {} as Record<
  "paid" | "partly" | "refunded" | "pending" | "failed" | "expired" | "south",
  Booking
>;

const HYPERLINK = '=HYPERLINK("https://evil.example","Click")';

let checkoutCounter = 0;

/** A booking of `booker` at `event`, and one checkout for it, as the payment commands leave them. */
async function bookAndPay(
  event: typeof northEvent,
  teamName: string,
  payment: Partial<typeof payments.$inferInsert> & { createdAt: Date },
  registration: Partial<typeof teamRegistrations.$inferInsert> = {},
): Promise<Booking> {
  const [row] = await db()
    .insert(teamRegistrations)
    .values({
      eventId: event.id,
      userId: booker.id,
      teamName,
      company: "Nordlys ApS",
      status: "confirmed",
      paymentMethod: "online",
      ...registration,
    })
    .returning();
  checkoutCounter += 1;
  const [paid] = await db()
    .insert(payments)
    .values({
      registrationId: row!.id,
      bookerUserId: booker.id,
      partnerId: event.partnerId,
      eventId: event.id,
      provider: "stripe",
      checkoutId: `cs_test_${checkoutCounter}`,
      checkoutUrl: `https://checkout.example/${checkoutCounter}`,
      amountMinor: 100_000,
      ...payment,
      // Exempt from moms: the amount is all net.
      netMinor: payment.amountMinor ?? 100_000,
      vatMinor: 0,
    })
    .returning();
  return { id: row!.id, reference: row!.reference, paymentId: paid!.id };
}

async function refund(
  paymentId: string,
  values: Partial<typeof paymentRefunds.$inferInsert> & { amountMinor: number },
) {
  await db()
    .insert(paymentRefunds)
    .values({ paymentId, reason: "cancellation", status: "succeeded", ...values });
}

const filtersOf = (query: string) => readPaymentFilters(new URL(`https://rcl.test/?${query}`)).filters;

/** The references a list shows for `query`, in its order. */
async function listed(actor: Actor, query = "") {
  const list = await listPayments(db(), { actor, filters: filtersOf(query), page: 1 });
  return list.rows.map((row) => row.reference);
}

const get = (path: string, cookie?: string) =>
  site.request(path, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });

const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  site = await createTestSite({ seed: false });
  admin = await createAccount(site, { role: "admin", firstName: "Ada" });
  north = await club("Nordhavn Roklub");
  south = await club("Sydhavn Roklub");
  booker = await createAccount(site, { firstName: "Bo" });
  northEvent = await createTestEvent(db(), north.partnerId, { title: "North Regatta", maxTeams: 10 });
  southEvent = await createTestEvent(db(), south.partnerId, { title: "South Sprint", maxTeams: 10 });
  const paidAt = at("2026-03-05T10:05:00Z");

  bookings.paid = await bookAndPay(northEvent, "Paid Paddlers", {
    createdAt: at("2026-03-05T10:00:00Z"),
    status: "paid",
    method: "card",
    amountMinor: 500_000,
    applicationFeeMinor: 50_000,
    providerPaymentId: "pi_paid",
    paidAt,
  });
  bookings.partly = await bookAndPay(
    northEvent,
    "Cancelled Crew",
    {
      createdAt: at("2026-03-04T10:00:00Z"),
      status: "paid",
      method: "mobilepay",
      amountMinor: 400_000,
      applicationFeeMinor: 40_000,
      providerPaymentId: "pi_partly",
      paidAt,
    },
    { status: "cancelled", cancelledAt: at("2026-03-06T09:00:00Z") },
  );
  await refund(bookings.partly.paymentId, {
    amountMinor: 200_000,
    providerRefundId: "re_partly",
    completedAt: at("2026-03-06T09:01:00Z"),
  });
  bookings.refunded = await bookAndPay(
    northEvent,
    "Refunded Rowers",
    {
      createdAt: at("2026-03-03T10:00:00Z"),
      status: "paid",
      method: "card",
      amountMinor: 300_000,
      applicationFeeMinor: 30_000,
      paidAt,
    },
    { status: "cancelled" },
  );
  await refund(bookings.refunded.paymentId, { amountMinor: 300_000, reason: "event_cancelled" });
  bookings.pending = await bookAndPay(
    northEvent,
    "Held Hands",
    { createdAt: at("2026-03-02T10:00:00Z"), status: "pending", amountMinor: 250_000 },
    { status: "held", heldUntil: at("2026-03-02T10:15:00Z") },
  );
  // Started 0:30 on 2 March in Copenhagen, still 1 March in UTC.
  bookings.failed = await bookAndPay(
    northEvent,
    "Failed Four",
    {
      createdAt: at("2026-03-01T23:30:00Z"),
      status: "failed",
      provider: "test",
      failureReason: HYPERLINK,
    },
    { status: "cancelled" },
  );
  bookings.expired = await bookAndPay(
    northEvent,
    "Expired Eight",
    { createdAt: at("2026-03-01T10:00:00Z"), status: "expired", provider: "test" },
    { status: "cancelled" },
  );
  bookings.south = await bookAndPay(southEvent, "South Swimmers", {
    createdAt: at("2026-03-06T10:00:00Z"),
    status: "paid",
    method: "card",
    amountMinor: 100_000,
    applicationFeeMinor: 10_000,
    providerPaymentId: "pi_south",
    paidAt,
  });
  await refund(bookings.south.paymentId, {
    amountMinor: 50_000,
    status: "pending",
    attempts: 2,
    lastError: "Provider timed out",
  });
});

afterAll(async () => {
  await site?.background.settled();
  await site?.close();
});

describe("the payments list", () => {
  it("works out each status from the payment and its refunds, and filters by it", async () => {
    const as = adminActor();
    expect(await listed(as, "status=paid")).toEqual([bookings.south.reference, bookings.paid.reference]);
    expect(await listed(as, "status=partly_refunded")).toEqual([bookings.partly.reference]);
    expect(await listed(as, "status=refunded")).toEqual([bookings.refunded.reference]);
    expect(await listed(as, "status=pending")).toEqual([bookings.pending.reference]);
    expect(await listed(as, "status=failed")).toEqual([bookings.failed.reference]);
    expect(await listed(as, "status=expired")).toEqual([bookings.expired.reference]);
    const all = await listPayments(db(), { actor: as, filters: filtersOf(""), page: 1 });
    expect(all.rows.map((row) => row.reference)).toEqual(
      ["south", "paid", "partly", "refunded", "pending", "failed", "expired"].map(
        (name) => bookings[name as keyof typeof bookings].reference,
      ),
    );
    expect(all.rows.find((row) => row.reference === bookings.south.reference)).toMatchObject({
      status: "paid",
      refundedMinor: 0,
      refundPendingMinor: 50_000,
      lastFailure: "Provider timed out",
      partnerName: "Sydhavn Roklub",
      eventTitle: "South Sprint",
      providerPaymentId: "pi_south",
      bookingExists: true,
    });
    expect(all.rows.find((row) => row.reference === bookings.partly.reference)).toMatchObject({
      status: "partly_refunded",
      refundedMinor: 200_000,
      method: "mobilepay",
    });
  });

  it("filters by provider, partner, the days started (Copenhagen, both ends included) and reference", async () => {
    const as = adminActor();
    expect(await listed(as, "provider=test")).toEqual([
      bookings.failed.reference,
      bookings.expired.reference,
    ]);
    expect(await listed(as, `partner=${south.partnerId}`)).toEqual([bookings.south.reference]);
    expect(await listed(as, "from=2026-03-02&to=2026-03-02")).toEqual([
      bookings.pending.reference,
      bookings.failed.reference,
    ]);
    expect(await listed(as, "to=2026-03-01")).toEqual([bookings.expired.reference]);
    expect(await listed(as, `q=${bookings.partly.reference}`)).toEqual([bookings.partly.reference]);
    expect(await listed(as, `q=${bookings.partly.reference.slice(4, 9).toLowerCase()}`)).toContain(
      bookings.partly.reference,
    );
    expect(await listed(as, "q=%25")).toEqual([]);
  });

  it("reads a filter it does not understand as no filter, and says so", () => {
    const { filters, problems } = readPaymentFilters(
      new URL("https://rcl.test/?status=lost&provider=paypal&partner=nobody&from=2026-02-30"),
    );
    expect(filters).toMatchObject({ status: "all", provider: "all", partner: "", from: "" });
    expect(problems.others).toHaveLength(3);
    expect(problems.from).toBeTruthy();
    const reversed = readPaymentFilters(new URL("https://rcl.test/?from=2026-03-05&to=2026-03-01"));
    expect(reversed.filters).toMatchObject({ from: "2026-03-05", to: "" });
    expect(reversed.problems.to).toBeTruthy();
  });

  it("adds up the filtered payments: paid, refunded, kept and fees", async () => {
    const all = await listPayments(db(), { actor: adminActor(), filters: filtersOf(""), page: 1 });
    expect(all.totals).toEqual({
      count: 7,
      paidMinor: 1_300_000,
      refundedMinor: 500_000,
      keptMinor: 800_000,
      feeMinor: 130_000,
    });
    const partly = await listPayments(db(), {
      actor: adminActor(),
      filters: filtersOf(`partner=${north.partnerId}&status=partly_refunded`),
      page: 1,
    });
    expect(partly.totals).toEqual({
      count: 1,
      paidMinor: 400_000,
      refundedMinor: 200_000,
      keptMinor: 200_000,
      feeMinor: 40_000,
    });
  });

  it("pages on the server, the newest first, pages never overlapping", async () => {
    const paging = await club("Paging Roklub");
    const event = await createTestEvent(db(), paging.partnerId, { maxTeams: 50 });
    for (let n = 0; n < 27; n += 1) {
      // Two payments to a second, so the id settles the order within it.
      await bookAndPay(event, `Page ${n}`, {
        createdAt: new Date(Date.UTC(2026, 0, 1, 12, 0, Math.floor(n / 2))),
      });
    }
    const page = (n: number) =>
      listPayments(db(), { actor: adminActor(), filters: filtersOf(`partner=${paging.partnerId}`), page: n });
    const [first, second, third] = await Promise.all([page(1), page(2), page(3)]);
    expect(first.rows).toHaveLength(25);
    expect(second.rows).toHaveLength(2);
    expect(third.rows).toHaveLength(0);
    expect(second.total).toBe(27);
    const ids = [...first.rows, ...second.rows].map((row) => row.id);
    expect(new Set(ids).size).toBe(27);
    const times = [...first.rows, ...second.rows].map((row) => row.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const response = await get(`/dashboard/admin/payments?partner=${paging.partnerId}&page=2`, admin.cookie);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<nav aria-label="Payment pages"/);
    expect(html).toContain('rel="prev"');
  });

  it("keeps a partner member to their own partner's payments", async () => {
    expect(await listed(south.actor)).toEqual([bookings.south.reference]);
    expect(await listed(north.actor)).not.toContain(bookings.south.reference);
    await expect(
      checkPaymentFilters(db(), north.actor, filtersOf(`partner=${south.partnerId}`)),
    ).rejects.toThrow("We could not find that partner.");
  });
});

describe("the admin's Payments page", () => {
  it("shows the filtered payments with their totals, labelled filters and the export of the same filters", async () => {
    const response = await get("/dashboard/admin/payments?status=partly_refunded", admin.cookie);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("<caption");
    expect(html).toContain("Online payments, the newest first");
    for (const id of [
      "payments-status",
      "payments-provider",
      "payments-partner",
      "payments-q",
      "payments-from",
      "payments-to",
    ]) {
      expect(html).toContain(`for="${id}"`);
      expect(html).toContain(`id="${id}"`);
    }
    expect(html).toContain(bookings.partly.reference);
    expect(html).not.toContain(bookings.paid.reference);
    expect(html).toContain("Partly refunded");
    expect(html).toContain("cs_test_");
    expect(html).toContain("pi_partly");
    expect(html).toContain("Totals of the payments these filters show");
    // The row leads to the organiser's page of the booking.
    expect(html).toContain(`href="/dashboard/partner/registrations/${bookings.partly.id}"`);
    expect(html).toContain('href="/dashboard/admin/payments/export.csv?status=partly_refunded"');
    expect(html).toMatch(/href="\/dashboard\/admin\/payments"[^>]*>Payments</);
  });

  it("is the admin's alone: partners and users are sent to their dashboard", async () => {
    for (const cookie of [north.account.cookie, booker.cookie]) {
      for (const path of ["/dashboard/admin/payments", "/dashboard/admin/payments/export.csv"]) {
        const response = await get(path, cookie);
        expect(response.status).toBe(302);
        expect(response.headers.get("location")).toBe("/dashboard");
      }
    }
  });

  it("answers an unknown partner in the filters with not found", async () => {
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await get(`/dashboard/admin/payments?partner=${unknown}`, admin.cookie)).status).toBe(404);
    expect((await get(`/dashboard/admin/payments/export.csv?partner=${unknown}`, admin.cookie)).status).toBe(
      404,
    );
  });
});

describe("the CSV export", () => {
  async function exportOf(path: string, cookie: string) {
    const response = await get(path, cookie);
    expect(response.status).toBe(200);
    const text = await response.text();
    const [header, ...lines] = text
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    return { response, header: header!.split(";"), lines };
  }

  it("has the list's columns and the provider's references, Danish amounts and neutralised formulas", async () => {
    const { response, header, lines } = await exportOf("/dashboard/admin/payments/export.csv", admin.cookie);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="payments-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(header).toEqual([
      "Started",
      "Booking reference",
      "Partner",
      "Event",
      "Provider",
      "Method",
      "Status",
      "Amount",
      "Refunded",
      "Refund on its way",
      "RCL fee",
      "Paid at",
      "Checkout ID",
      "Payment ID",
      "Last failure",
    ]);
    expect(lines.length).toBeGreaterThanOrEqual(7);
    const partly = lines.find((line) => line.includes(bookings.partly.reference))!.split(";");
    expect(partly).toEqual([
      "2026-03-04 11:00",
      bookings.partly.reference,
      "Nordhavn Roklub",
      "North Regatta",
      "Stripe",
      "MobilePay",
      "Partly refunded",
      "4000,00",
      "2000,00",
      "0,00",
      "400,00",
      "2026-03-05 11:05",
      expect.stringMatching(/^cs_test_\d+$/),
      "pi_partly",
      "",
    ]);
    const failed = lines.find((line) => line.includes(bookings.failed.reference))!;
    // Quoted for its quotes, and an apostrophe first, so Excel shows the text instead of running it.
    expect(failed.endsWith(`;"'=HYPERLINK(""https://evil.example"",""Click"")"`)).toBe(true);
  });

  it("follows the list's filters, and the reader's language", async () => {
    const { header, lines } = await exportOf(
      "/dashboard/admin/payments/export.csv?status=paid",
      `${admin.cookie}; lang=da`,
    );
    expect(header.slice(0, 3)).toEqual(["Startet", "Tilmeldingsreference", "Partner"]);
    expect(lines.map((line) => line.split(";")[1])).toEqual([
      bookings.south.reference,
      bookings.paid.reference,
    ]);
    expect(lines.every((line) => line.split(";")[6] === "Betalt")).toBe(true);
    const rows = await listPaymentsForExport(db(), {
      actor: adminActor(),
      filters: filtersOf("status=paid"),
    });
    expect(rows).toHaveLength(2);
  });
});

describe("a booking's payment", () => {
  it("gives the organiser the payments, refunds and the cancellation fee kept; another partner nothing", async () => {
    const seen = await bookingPaymentsForSeller(db(), north.actor, bookings.partly.id);
    expect(seen.summary).toEqual({
      paidMinor: 400_000,
      refundedMinor: 200_000,
      refundPendingMinor: 0,
      keptMinor: 200_000,
    });
    expect(seen.payments).toHaveLength(1);
    expect(seen.payments[0]).toMatchObject({ status: "partly_refunded", providerPaymentId: "pi_partly" });
    expect(seen.payments[0]!.refunds).toMatchObject([
      { amountMinor: 200_000, reason: "cancellation", status: "succeeded", providerRefundId: "re_partly" },
    ]);
    // A confirmed booking keeps no fee.
    expect(
      (await bookingPaymentsForSeller(db(), north.actor, bookings.paid.id)).summary.keptMinor,
    ).toBeNull();
    expect(await bookingPaymentsForSeller(db(), south.actor, bookings.partly.id)).toEqual({
      payments: [],
      summary: { paidMinor: 0, refundedMinor: 0, refundPendingMinor: 0, keptMinor: null },
    });
  });

  it("gives the booker their own payment without the provider's side, and nobody else's", async () => {
    const seen = await bookingPaymentsForBooker(
      db(),
      { userId: booker.id, role: "user", partnerIds: [] },
      bookings.partly.id,
    );
    expect(seen.summary.keptMinor).toBe(200_000);
    expect(Object.keys(seen.payments[0]!)).not.toContain("checkoutId");
    expect(Object.keys(seen.payments[0]!)).not.toContain("providerPaymentId");
    expect(Object.keys(seen.payments[0]!.refunds[0]!)).not.toContain("providerRefundId");
    const stranger = await bookingPaymentsForBooker(db(), north.actor, bookings.partly.id);
    expect(stranger.payments).toEqual([]);
  });

  it("shows the organiser's page its Payment section, and another partner not found", async () => {
    const response = await get(
      `/dashboard/partner/registrations/${bookings.partly.id}`,
      north.account.cookie,
    );
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(">Payment</h2>");
    expect(html).toContain("Online (card or MobilePay)");
    expect(html).toContain("Partly refunded");
    expect(html).toContain("Booking cancelled");
    expect(html).toContain("Cancellation fee kept");
    expect(html).toMatch(/DKK\s2,000\.00/);
    expect(html).toContain("pi_partly");
    expect(html).toContain("re_partly");
    const other = await get(`/dashboard/partner/registrations/${bookings.partly.id}`, south.account.cookie);
    expect(other.status).toBe(404);
    expect(await other.text()).not.toContain("pi_partly");
  });

  it("shows the booker's page the payment and refunds, without the provider's references", async () => {
    const response = await get(`/dashboard/bookings/${bookings.partly.id}`, booker.cookie);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(">Payment</h2>");
    expect(html).toContain("MobilePay");
    expect(html).toContain("Booking cancelled");
    expect(html).toContain("Cancellation fee kept");
    expect(html).not.toContain("pi_partly");
    expect(html).not.toContain("re_partly");
    expect(html).not.toContain("cs_test_");
    // A signed-in person reads the dashboards in their profile's language.
    await db().update(profiles).set({ language: "da" }).where(eq(profiles.userId, booker.id));
    const danish = await (
      await get(`/dashboard/bookings/${bookings.partly.id}`, `${booker.cookie}; lang=da`)
    ).text();
    await db().update(profiles).set({ language: "en" }).where(eq(profiles.userId, booker.id));
    expect(danish).toContain("Afbestillingsgebyr beholdt");
    expect(danish).toContain("Tilmelding afmeldt");
  });
});

describe("an event's payment totals", () => {
  it("adds up paid, open, refunded and fees for the organiser, and nothing for another partner", async () => {
    expect(await eventPaymentTotals(db(), north.actor, northEvent.id)).toEqual({
      count: 6,
      paidMinor: 1_200_000,
      openMinor: 250_000,
      refundedMinor: 500_000,
      feeMinor: 120_000,
    });
    expect(await eventPaymentTotals(db(), south.actor, northEvent.id)).toMatchObject({
      count: 0,
      paidMinor: 0,
    });
  });

  it("shows them on the organiser's event page", async () => {
    const response = await get(`/dashboard/partner/events/${northEvent.id}`, north.account.cookie);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Online payments");
    expect(html).toContain("Open (awaiting payment)");
    expect(html).toMatch(/DKK\s12,000\.00/);
    expect(html).toMatch(/DKK\s2,500\.00/);
  });
});

describe("the list's query", () => {
  // Priced as if every table were large (tests/support/query-plan.ts): the refunds' sums
  // are read for the page's rows only, by the refunds' index on their payment.
  it("finds a partner's payments and a whole booking reference through their indexes", async () => {
    const byPartner = await planOf(
      db(),
      paymentsQuery(db(), adminActor(), filtersOf(`partner=${north.partnerId}`)).limit(25),
    );
    expect(byPartner).toMatch(/Index Scan on payments_partner_created_idx/);
    const byReference = await planOf(
      db(),
      paymentsQuery(db(), adminActor(), filtersOf(`q=${bookings.paid.reference}`)).limit(25),
    );
    expect(byReference).toMatch(/Index Scan on team_registrations_reference_key/);
    expect(byReference).toMatch(/Index Scan on payments_registration_idx/);
  });
});
