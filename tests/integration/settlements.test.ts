import { randomUUID } from "node:crypto";
import { and, asc, count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "#server/auth/actor";
import type { DatabaseHandle } from "#server/db/client";
import {
  documentSeries,
  invoices,
  partnerMembers,
  partnerStatements,
  siteSettings,
  statementDocuments,
  users,
} from "#server/db/schema";
import { sampleSiteSettings } from "#server/db/seed/sample-content";
import { getReadableDocument } from "#server/invoices/queries";
import { renderDocumentPdf } from "#server/invoices/render-pdf";
import { toUbl } from "#server/invoices/ubl";
import { cancelRegistration } from "#server/registrations/cancel-registration";
import { registerTeam } from "#server/registrations/register-team";
import { makeMonthlyStatements } from "#server/settlements/make-monthly-statements";
import { getReadableStatement, listStatements, statementListPage } from "#server/settlements/queries";
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
import { loadPeppolRules, validateUbl } from "../support/peppol";

/** Bookings in May 2027; events long after, so every cancellation is before their deadlines. */
const may = new Date("2027-05-10T10:00:00Z");
const june = new Date("2027-06-15T10:00:00Z");
/** 05:00 on the 1st in Copenhagen (summer time), when the job runs. */
const firstOfJune = new Date("2027-06-01T03:00:00Z");
const firstOfJuly = new Date("2027-07-01T03:00:00Z");
const eventsFrom = new Date("2027-11-01T10:00:00Z");

let database: DatabaseHandle;
let outbox: ReturnType<typeof recordingJobs>;
const db = () => database.db;
const services = () => ({ db: db(), jobs: outbox.jobs, baseUrl: "https://rcl.test" });

beforeAll(async () => {
  database = await createTestDatabase();
  outbox = recordingJobs(database);
  await db().insert(siteSettings).values(sampleSiteSettings).onConflictDoNothing();
  await loadPeppolRules();
});
afterAll(async () => {
  await database?.close();
});

let userCount = 0;
async function createUser(): Promise<string> {
  userCount += 1;
  const id = `statement-user-${userCount}-${randomUUID().slice(0, 6)}`;
  await db()
    .insert(users)
    .values({ id, name: `Booker ${userCount}`, email: `${id}@example.dk`, emailVerified: true });
  return id;
}

async function memberOf(partnerId: string): Promise<Actor> {
  const userId = await createUser();
  await db().insert(partnerMembers).values({ partnerId, userId });
  return { userId, role: "partner", partnerIds: [partnerId] };
}

async function book(eventId: string, now: Date) {
  const userId = await createUser();
  const { registration } = await registerTeam(services(), {
    actor: userActor(userId),
    eventId,
    input: companyBookingForm(`Team ${userId.slice(-6)}`),
    idempotencyKey: randomUUID(),
    joinWaitlist: false,
    now,
  });
  await outbox.finishBookings();
  return { registration, userId };
}

async function partnerWith(
  name: string,
  partner: Parameters<typeof createTestPartner>[2],
  profile: Parameters<typeof createBillingProfile>[2] = {},
) {
  const created = await createTestPartner(db(), name, partner);
  await createBillingProfile(db(), created.id, { invoiceEmail: `kasse@${created.slug}.dk`, ...profile });
  return created;
}

const statementOf = async (partnerId: string, month: string) =>
  (
    await db()
      .select()
      .from(partnerStatements)
      .where(and(eq(partnerStatements.partnerId, partnerId), eq(partnerStatements.month, month)))
  )[0];

const documentIdsOf = async (statementId: string) =>
  (
    await db()
      .select({ id: statementDocuments.invoiceId })
      .from(statementDocuments)
      .where(eq(statementDocuments.statementId, statementId))
  ).map((row) => row.id);

describe("a partner's monthly statement", () => {
  it("adds up the month's invoices less its credit notes; a basic partner pays no share", async () => {
    const partner = await partnerWith("Basic Club", {});
    const event = await createTestEvent(db(), partner.id, {
      now: eventsFrom,
      priceMinor: 400_001,
      maxTeams: 10,
    });
    const first = await book(event.id, may);
    await book(event.id, may);
    await cancelRegistration(services(), {
      actor: userActor(first.userId),
      registrationId: first.registration.id,
      now: may,
    });
    // June's booking is June's.
    await book(event.id, june);

    const made = await makeMonthlyStatements(services(), { now: firstOfJune });
    const statement = made.find((row) => row.partnerId === partner.id);
    // Two invoices of 400.001 øre net (moms 100.000,25 → 100.000) and one credit note.
    expect(statement).toMatchObject({
      month: "2027-05-01",
      netMinor: 400_001,
      vatMinor: 100_000,
      grossMinor: 500_001,
      revenueSharePercent: null,
      commissionNetMinor: 0,
      commissionVatMinor: 0,
      partnerKeepsMinor: 500_001,
      commissionInvoiceId: null,
    });
    const linked = await documentIdsOf(statement!.id);
    const mayDocuments = await db()
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.sellerPartnerId, partner.id), eq(invoices.issueDate, "2027-05-10")));
    expect(linked.sort()).toEqual(mayDocuments.map((row) => row.id).sort());
    expect(linked).toHaveLength(3);

    outbox.sent.length = 0;
    const mails = await outbox.deliver();
    const mail = mails.find((sent) => sent.to === `kasse@${partner.slug}.dk`);
    expect(mail?.subject).toBe("Your statement for May 2027");
    expect(mail?.attachments?.map((file) => file.filename)).toEqual([
      "Statement 2027-05.pdf",
      "Statement 2027-05.csv",
    ]);
    const csv = mail!.attachments![1]!.content;
    expect(csv).toContain("Total for May 2027;;;;;4000,01;1000,00;5000,01");
    expect(csv).toContain("You keep;;;;;;;5000,01");
    expect(csv.match(/Credit note/g)).toHaveLength(1);
    expect(mail!.attachments![0]!.content.length).toBeGreaterThan(1000);
  });

  it("invoices a premium partner's share from RCL's series, with 25 % moms, rounded half up", async () => {
    const premium = await partnerWith("Premium Club", { tier: "premium", revenueSharePercent: 12 });
    const exempt = await partnerWith(
      "Exempt Premium Club",
      { tier: "premium", revenueSharePercent: 7, language: "da" },
      { vatStatus: "exempt", fiCreditorNumber: null, invoicePrefix: "EX-" },
    );
    const premiumEvent = await createTestEvent(db(), premium.id, {
      now: eventsFrom,
      priceMinor: 123_457,
      maxTeams: 10,
    });
    const exemptEvent = await createTestEvent(db(), exempt.id, {
      now: eventsFrom,
      priceMinor: 250_050,
      maxTeams: 10,
    });
    await book(premiumEvent.id, may);
    await book(premiumEvent.id, may);
    await book(exemptEvent.id, may);

    const before = await rclLastNumber();
    await makeMonthlyStatements(services(), { now: firstOfJune, month: "2027-05-01" });
    const registered = await statementOf(premium.id, "2027-05-01");
    // 2 × 123.457 = 246.914 net; 12 % = 29.629,68 → 29.630; moms 7.407,5 → 7.408.
    expect(registered).toMatchObject({
      netMinor: 246_914,
      vatMinor: 61_728,
      grossMinor: 308_642,
      revenueSharePercent: 12,
      commissionNetMinor: 29_630,
      commissionVatMinor: 7_408,
      partnerKeepsMinor: 308_642 - 29_630 - 7_408,
    });
    const exemptStatement = await statementOf(exempt.id, "2027-05-01");
    // 250.050 net, no moms; 7 % = 17.503,5 → 17.504; moms 4.376.
    expect(exemptStatement).toMatchObject({
      netMinor: 250_050,
      vatMinor: 0,
      commissionNetMinor: 17_504,
      commissionVatMinor: 4_376,
      partnerKeepsMinor: 250_050 - 17_504 - 4_376,
    });

    const commission = await db()
      .select()
      .from(invoices)
      .where(inArray(invoices.id, [registered!.commissionInvoiceId!, exemptStatement!.commissionInvoiceId!]))
      .orderBy(asc(invoices.sequenceNumber));
    // Both in RCL's one series, the next numbers after those before the run, without a gap.
    expect(commission.map((row) => row.sequenceNumber)).toEqual([before + 1, before + 2]);
    for (const invoice of commission) {
      expect(invoice).toMatchObject({
        kind: "invoice",
        purpose: "commission",
        seriesKey: "rcl",
        sellerPartnerId: null,
        issueDate: "2027-06-01",
        deliveryDate: "2027-05-31",
        dueDate: "2027-06-15",
      });
      expect(invoice.number).toBe(`RCL-${String(invoice.sequenceNumber).padStart(4, "0")}`);
      expect(invoice.content.seller.vatStatus).toBe("registered");
      expect(invoice.content.lines[0]).toMatchObject({ vatCategory: "S", vatPercent: 25 });
      expect(await validateUbl(toUbl(invoice.content))).toEqual([]);
      expect((await renderDocumentPdf(invoice.content)).subarray(0, 5).toString()).toBe("%PDF-");
    }
    const toExempt = commission.find((row) => row.buyerPartnerId === exempt.id)!;
    expect(toExempt).toMatchObject({ netMinor: 17_504, vatMinor: 4_376, grossMinor: 21_880, language: "da" });
    expect(toExempt.content.buyer).toMatchObject({ name: "Københavns Roklub", cvr: "29403473", ean: null });
    // Intl writes a no-break space before "kr.".
    expect(toExempt.content.lines[0]!.description.replace(/\u00a0/g, " ")).toBe(
      "Provision for maj 2027: 7 % af nettoomsætningen på 2.500,50 kr. ekskl. moms",
    );

    // The partner's mail carries the statement and the commission invoice, in Danish.
    outbox.sent.length = 0;
    const mails = await outbox.deliver();
    const mail = mails.find((sent) => sent.to === `kasse@${exempt.slug}.dk`);
    expect(mail?.subject).toBe("Jeres afregning for maj 2027");
    expect(mail?.attachments?.map((file) => file.filename)).toEqual([
      "Afregning 2027-05.pdf",
      "Afregning 2027-05.csv",
      `Faktura ${toExempt.number}.pdf`,
      `Faktura ${toExempt.number}.xml`,
    ]);
    expect(mail?.text).toContain(toExempt.number);
  });

  it("catches up a month whose run was missed: the next run makes it, each month on its own", async () => {
    const partner = await partnerWith("Missed Run Club", { tier: "basic" });
    const event = await createTestEvent(db(), partner.id, {
      now: eventsFrom,
      priceMinor: 100_000,
      maxTeams: 10,
    });
    await book(event.id, may);
    await book(event.id, june);
    // No run on the 1st of June: the run on the 1st of July makes May's and June's.
    const made = await makeMonthlyStatements(services(), { now: firstOfJuly });
    const ours = made.filter((row) => row.partnerId === partner.id).map((row) => row.month);
    expect(ours.toSorted()).toEqual(["2027-05-01", "2027-06-01"]);
    await outbox.deliver();
  });

  it("makes nothing twice: a second run of the month changes no row and queues no mail", async () => {
    const partner = await partnerWith("Twice Club", { tier: "premium", revenueSharePercent: 10 });
    const event = await createTestEvent(db(), partner.id, {
      now: eventsFrom,
      priceMinor: 100_000,
      maxTeams: 10,
    });
    await book(event.id, june);
    const first = await makeMonthlyStatements(services(), { now: firstOfJuly });
    expect(first.map((row) => row.partnerId)).toContain(partner.id);
    await outbox.deliver();
    const counts = async () => ({
      statements: (await db().select({ n: count() }).from(partnerStatements))[0]!.n,
      links: (await db().select({ n: count() }).from(statementDocuments))[0]!.n,
      documents: (await db().select({ n: count() }).from(invoices))[0]!.n,
      rcl: await rclLastNumber(),
    });
    const before = await counts();
    outbox.sent.length = 0;
    expect(await makeMonthlyStatements(services(), { now: firstOfJuly })).toEqual([]);
    // Two runs at once make one statement between them.
    await Promise.all([
      makeMonthlyStatements(services(), { now: firstOfJuly }),
      makeMonthlyStatements(services(), { now: firstOfJuly }),
    ]);
    expect(await counts()).toEqual(before);
    expect(await outbox.deliver()).toEqual([]);
  });

  it("charges no share in a month whose credit notes exceed its invoices, and refuses a month not ended", async () => {
    const partner = await partnerWith("Refund Club", { tier: "premium", revenueSharePercent: 15 });
    const event = await createTestEvent(db(), partner.id, {
      now: eventsFrom,
      priceMinor: 200_000,
      maxTeams: 10,
    });
    const booked = await book(event.id, may);
    // Cancelled in June: June has a credit note and nothing else.
    await cancelRegistration(services(), {
      actor: userActor(booked.userId),
      registrationId: booked.registration.id,
      now: june,
    });
    await makeMonthlyStatements(services(), { now: firstOfJuly });
    expect(await statementOf(partner.id, "2027-06-01")).toMatchObject({
      netMinor: -200_000,
      vatMinor: -50_000,
      grossMinor: -250_000,
      revenueSharePercent: 15,
      commissionNetMinor: 0,
      commissionVatMinor: 0,
      partnerKeepsMinor: -250_000,
      commissionInvoiceId: null,
    });
    await expect(
      makeMonthlyStatements(services(), { now: firstOfJuly, month: "2027-07-01" }),
    ).rejects.toThrow(/has not ended/);
  });
});

describe("who reads a statement", () => {
  it("its partner's members and admins; another partner's id is not found", async () => {
    const owner = await partnerWith("Owner Club", { tier: "premium", revenueSharePercent: 20 });
    const other = await partnerWith("Other Club", {});
    const event = await createTestEvent(db(), owner.id, {
      now: eventsFrom,
      priceMinor: 300_000,
      maxTeams: 10,
    });
    await book(event.id, may);
    await makeMonthlyStatements(services(), { now: firstOfJune, month: "2027-05-01" });
    const statement = (await statementOf(owner.id, "2027-05-01"))!;
    const ownerActor = await memberOf(owner.id);
    const otherActor = await memberOf(other.id);
    const admin: Actor = { userId: await createUser(), role: "admin", partnerIds: [] };

    expect((await getReadableStatement(db(), ownerActor, statement.id)).id).toBe(statement.id);
    expect((await getReadableStatement(db(), admin, statement.id)).id).toBe(statement.id);
    await expect(getReadableStatement(db(), otherActor, statement.id)).rejects.toMatchObject({ status: 404 });
    await expect(
      getReadableStatement(db(), userActor(ownerActor.userId), statement.id),
    ).rejects.toMatchObject({
      status: 404,
    });
    await expect(getReadableStatement(db(), ownerActor, "not-a-uuid")).rejects.toMatchObject({ status: 404 });

    // RCL's commission invoice to the partner is the partner's to download, and no one else's.
    const commissionId = statement.commissionInvoiceId!;
    expect((await getReadableDocument(db(), ownerActor, commissionId)).id).toBe(commissionId);
    await expect(getReadableDocument(db(), otherActor, commissionId)).rejects.toMatchObject({ status: 404 });

    const ownList = await listStatements(db(), {
      actor: ownerActor,
      filters: { month: "", partner: "" },
      page: 1,
    });
    expect(ownList.rows.map((row) => row.id)).toEqual([statement.id]);
    const otherList = await listStatements(db(), {
      actor: otherActor,
      filters: { month: "", partner: "" },
      page: 1,
    });
    expect(otherList.rows).toEqual([]);
    const adminList = await listStatements(db(), {
      actor: admin,
      filters: { month: "2027-05-01", partner: owner.id },
      page: 1,
    });
    expect(adminList.rows.map((row) => row.id)).toEqual([statement.id]);
    expect(adminList.total).toBe(1);

    // The page's filters: a month not understood is said next to its box; a filter naming
    // another partner is "not found" to a partner, and the partner choice is an admin's.
    const page = await statementListPage(db(), {
      actor: ownerActor,
      area: "partner",
      url: new URL("https://rcl.test/dashboard/partner/statements?month=2027-13"),
      page: 1,
    });
    expect(page.problems.month).toBe("The month was not understood, so statements of every month are shown.");
    expect(page.showPartner).toBe(false);
    expect(page.rows.map((row) => row.id)).toEqual([statement.id]);
    await expect(
      statementListPage(db(), {
        actor: ownerActor,
        area: "partner",
        url: new URL(`https://rcl.test/dashboard/partner/statements?partner=${other.id}`),
        page: 1,
      }),
    ).rejects.toMatchObject({ status: 404 });
    const adminPage = await statementListPage(db(), {
      actor: admin,
      area: "admin",
      url: new URL(`https://rcl.test/dashboard/admin/statements?month=2027-05&partner=${owner.id}`),
      page: 1,
    });
    expect(adminPage).toMatchObject({
      showPartner: true,
      filters: { month: "2027-05", partner: owner.id },
      total: 1,
    });
    expect(adminPage.partnerOptions.map((option) => option.id)).toContain(owner.id);

    // The files render from the statement, in the partner's language.
    const contents = await readStatementContents(db(), statement.id);
    expect((await renderStatementPdf(contents)).subarray(0, 5).toString()).toBe("%PDF-");
    expect(statementCsv(contents)).toContain("RCL's revenue share, 20 % of net sales");
    // Reading changed nothing.
    expect(await statementOf(owner.id, "2027-05-01")).toEqual(statement);
  });
});

async function rclLastNumber(): Promise<number> {
  const [row] = await db().select().from(documentSeries).where(eq(documentSeries.key, "rcl"));
  return row?.lastNumber ?? 0;
}
