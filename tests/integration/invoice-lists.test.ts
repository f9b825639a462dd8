import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rosterFieldName } from "~/lib/forms/registration-schema";
import type { Actor } from "#server/auth/actor";
import { invoicePayments, invoices, siteSettings } from "#server/db/schema";
import { sampleSiteSettings } from "#server/db/seed/sample-content";
import { creditInvoice } from "#server/invoices/credit-invoice";
import { documentLine } from "#server/invoices/document";
import { issueDocument } from "#server/invoices/issue-document";
import { copenhagenToday } from "#server/invoices/document-status";
import {
  type InvoiceArea,
  invoiceListPage,
  listBookingDocuments,
  listInvoices,
  listInvoicesForExport,
  readInvoiceFilters,
} from "#server/invoices/queries";
import { partnerSeller, rclSeller } from "#server/invoices/sellers";
import { cancelRegistration } from "#server/registrations/cancel-registration";
import { registerTeam } from "#server/registrations/register-team";
import { withLocale } from "#server/http/language";
import { createAccount, userActor, type TestAccount } from "../support/accounts";
import { createBillingProfile } from "../support/billing";
import { createTestEvent } from "../support/events";
import { createTestSite, type TestSite } from "../support/http-app";
import { recordingJobs } from "../support/jobs";
import { createTestPartner } from "../support/partners";
import { sampleBuyer } from "../support/invoice-documents";

// The Invoices pages of the partner and admin areas, their CSV exports, the documents of
// a booking in My Bookings and on the organiser's page, and the downloads of a document's
// PDF and e-invoice: what each lists, how the derived status filters, the totals, the
// pages, and who may read which document. One site for the file, without sample content,
// so every document here is this file's.

const DAY = 24 * 60 * 60 * 1000;
/** The pages read the real clock; the documents are issued around it. */
const today = new Date();
const longAgo = new Date(today.getTime() - 40 * DAY);
const after = (days: number) => new Date(longAgo.getTime() + days * DAY);

let site: TestSite;
let outbox: ReturnType<typeof recordingJobs>;
const db = () => site.database.db;
const services = () => ({ db: db(), jobs: outbox.jobs, baseUrl: site.baseUrl });

type Club = {
  partner: Awaited<ReturnType<typeof createTestPartner>>;
  account: TestAccount;
  actor: Actor;
};

async function club(name: string, prefix: string): Promise<Club> {
  const partner = await createTestPartner(db(), name);
  await createBillingProfile(db(), partner.id, { invoicePrefix: prefix, legalName: name });
  const account = await createAccount(site, { role: "partner", partnerId: partner.id });
  return { partner, account, actor: { userId: account.id, role: "partner", partnerIds: [partner.id] } };
}

const HYPERLINK_BUYER = '=HYPERLINK("https://evil.example","Click")';

const form = (teamName: string, billingCompany = "Nordlys ApS") => ({
  teamName,
  company: "Nordlys ApS",
  billingCompany,
  billingAddressLine: "Vesterbrogade 12",
  billingPostalCode: "1620",
  billingCity: "København V",
  cvr: "35954716",
  poReference: "PO-118",
  billingEmail: "bogholderi@nordlys.example",
  captainName: "Captain",
  captainEmail: "captain@nordlys.example",
  captainPhone: "+45 11 22 33 44",
  [rosterFieldName(0, "name")]: "Captain",
  acceptTerms: "on",
});

/** A team booked by `booker` (a new account unless given) at `now`: its confirmation issues the invoice. */
async function book(
  eventId: string,
  teamName: string,
  {
    now,
    booker,
    billingCompany,
    locale = "en",
  }: { now: Date; booker?: TestAccount; billingCompany?: string; locale?: "en" | "da" },
) {
  const account = booker ?? (await createAccount(site, { firstName: teamName }));
  // The booking is in the language it was made in, and so are its documents.
  const { registration } = await withLocale(locale, () =>
    registerTeam(services(), {
      actor: userActor(account.id),
      eventId,
      input: form(teamName, billingCompany),
      idempotencyKey: randomUUID(),
      now,
    }),
  );
  await outbox.finishBookings();
  const [invoice] = await documentsOf(registration.id);
  if (!invoice) throw new Error(`${teamName}'s booking was not invoiced.`);
  return { registration, booker: account, invoice };
}

const documentsOf = (registrationId: string) =>
  db()
    .select()
    .from(invoices)
    .where(eq(invoices.registrationId, registrationId))
    .orderBy(asc(invoices.sequenceNumber));

async function pay(invoiceId: string, amountMinor: number, paidOn = copenhagenToday(today)) {
  await db().insert(invoicePayments).values({ invoiceId, amountMinor, paidOn, source: "manual" });
}

const get = (path: string, cookie?: string) =>
  site.request(path, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });

/** The filters of a list's address, as the page reads them. */
const filtersOf = (query: string) => readInvoiceFilters(new URL(`https://rcl.test/?${query}`)).filters;

/** The numbers a list shows for `query`, in its order. */
async function listed(
  actor: Actor,
  query = "",
  { area = "partner", now = today }: { area?: InvoiceArea; now?: Date } = {},
) {
  const list = await listInvoices(db(), { actor, area, filters: filtersOf(query), page: 1, now });
  return list.rows.map((row) => row.number);
}

let north: Club;
let south: Club;
let admin: TestAccount;
const adminAs = (): Actor => ({ userId: admin.id, role: "admin", partnerIds: [] });
let oldEvent: Awaited<ReturnType<typeof createTestEvent>>;
let newEvent: Awaited<ReturnType<typeof createTestEvent>>;
let southEvent: Awaited<ReturnType<typeof createTestEvent>>;
/** North's documents by what each is about. */
const docs = {} as Record<
  "overdue" | "paid" | "credited" | "creditNote" | "partial" | "partialCredit" | "underpaid" | "open",
  typeof invoices.$inferSelect
>;
let openBooking: Awaited<ReturnType<typeof book>>;
let southBooking: Awaited<ReturnType<typeof book>>;

beforeAll(async () => {
  site = await createTestSite({ seed: false, trustProxy: true });
  outbox = recordingJobs(site.database);
  await db().insert(siteSettings).values(sampleSiteSettings).onConflictDoNothing();
  admin = await createAccount(site, { role: "admin", firstName: "Ada" });
  north = await club("Nordhavn Roklub", "NR-");
  south = await club("Sydhavn Roklub", "SR-");

  // 4.000,00 kr. a team, 5.000,00 kr. with 25 % moms.
  oldEvent = await createTestEvent(db(), north.partner.id, {
    now: longAgo,
    maxTeams: 10,
    priceMinor: 400_000,
    title: "Old Regatta",
  });
  newEvent = await createTestEvent(db(), north.partner.id, {
    now: today,
    maxTeams: 10,
    priceMinor: 400_000,
    title: "New Regatta",
  });
  southEvent = await createTestEvent(db(), south.partner.id, { now: today, priceMinor: 200_000 });

  docs.overdue = (await book(oldEvent.id, "Overdue Oars", { now: longAgo })).invoice;
  docs.paid = (await book(oldEvent.id, "Paid Paddlers", { now: longAgo })).invoice;
  await pay(docs.paid.id, 500_000);

  const credited = await book(oldEvent.id, "Cancelled Crew", { now: longAgo });
  docs.credited = credited.invoice;
  await cancelRegistration(services(), {
    actor: userActor(credited.booker.id),
    registrationId: credited.registration.id,
    now: after(1),
  });
  docs.creditNote = (await documentsOf(credited.registration.id))[1]!;

  // 1.000,00 kr. net credited, the rest (3.750,00 kr. with moms) paid: paid.
  docs.partial = (await book(oldEvent.id, "Partly Credited", { now: longAgo })).invoice;
  const partialCredit = await db().transaction((tx) =>
    creditInvoice(tx, outbox.jobs, {
      invoice: docs.partial,
      amount: 100_000,
      reason: "Discount",
      now: after(2),
    }),
  );
  docs.partialCredit = partialCredit!;
  await pay(docs.partial.id, 375_000);

  // Paid in part: still overdue.
  docs.underpaid = (await book(oldEvent.id, "Underpaid Union", { now: longAgo })).invoice;
  await pay(docs.underpaid.id, 100_000);

  openBooking = await book(newEvent.id, "Formula Four", { now: today, billingCompany: HYPERLINK_BUYER });
  docs.open = openBooking.invoice;

  southBooking = await book(southEvent.id, "South Swimmers", { now: today });
});

afterAll(async () => {
  await site?.background.settled();
  await site?.close();
});

describe("the status of an invoice, worked out in SQL", () => {
  it("filters each status: open, paid, overdue and credited; credit notes have none", async () => {
    const as = north.actor;
    expect(await listed(as, "status=open")).toEqual([docs.open.number]);
    expect((await listed(as, "status=paid")).sort()).toEqual([docs.paid.number, docs.partial.number].sort());
    expect((await listed(as, "status=overdue")).sort()).toEqual(
      [docs.overdue.number, docs.underpaid.number].sort(),
    );
    expect(await listed(as, "status=credited")).toEqual([docs.credited.number]);

    const all = await listInvoices(db(), { actor: as, area: "partner", filters: filtersOf(""), page: 1 });
    expect(all.total).toBe(8);
    const byNumber = new Map(all.rows.map((row) => [row.number, row]));
    expect(byNumber.get(docs.creditNote.number)).toMatchObject({
      kind: "credit_note",
      status: null,
      creditedNumber: docs.credited.number,
      paidMinor: null,
    });
    expect(byNumber.get(docs.partial.number)).toMatchObject({ status: "paid", paidMinor: 375_000 });
    expect(byNumber.get(docs.open.number)).toMatchObject({
      kind: "invoice",
      buyerName: HYPERLINK_BUYER,
      eventTitle: "New Regatta",
      grossMinor: 500_000,
    });
  });

  it("is overdue only after the due date, in Copenhagen", async () => {
    const dueDay = new Date(`${docs.overdue.dueDate}T12:00:00Z`);
    expect(await listed(north.actor, "status=open", { now: dueDay })).toContain(docs.overdue.number);
    const dayAfter = new Date(dueDay.getTime() + DAY);
    expect(await listed(north.actor, "status=overdue", { now: dayAfter })).toContain(docs.overdue.number);
  });

  it("reads an unknown status as every status, and says so", () => {
    const { filters, problems } = readInvoiceFilters(
      new URL("https://rcl.test/?status=lost&from=2027-02-30"),
    );
    expect(filters.status).toBe("all");
    expect(problems.others).toHaveLength(1);
    expect(problems.from).toBeTruthy();
    const reversed = readInvoiceFilters(new URL("https://rcl.test/?from=2027-05-02&to=2027-05-01"));
    expect(reversed.filters).toMatchObject({ from: "2027-05-02", to: "" });
    expect(reversed.problems.to).toBeTruthy();
  });
});

describe("the filters and totals", () => {
  it("filters by event and by issue date, both ends included", async () => {
    expect(await listed(north.actor, `event=${newEvent.id}`)).toEqual([docs.open.number]);
    const day = docs.creditNote.issueDate;
    expect(await listed(north.actor, `from=${day}&to=${day}`)).toEqual([docs.creditNote.number]);
    expect(await listed(north.actor, `from=${copenhagenToday(today)}`)).toEqual([docs.open.number]);
    const issuedLongAgo = await listed(north.actor, `to=${docs.overdue.issueDate}`);
    expect(issuedLongAgo).toHaveLength(5);
    expect(issuedLongAgo).not.toContain(docs.creditNote.number);
  });

  it("adds up what the filters match, credit notes taken off", async () => {
    const all = await listInvoices(db(), {
      actor: north.actor,
      area: "partner",
      filters: filtersOf(""),
      page: 1,
    });
    // Six invoices of 4.000,00 kr. net; the credit notes take 4.000,00 and 1.000,00 off.
    expect(all.totals).toEqual({
      count: 8,
      netMinor: 1_900_000,
      vatMinor: 475_000,
      grossMinor: 2_375_000,
    });
    const overdue = await listInvoices(db(), {
      actor: north.actor,
      area: "partner",
      filters: filtersOf("status=overdue"),
      page: 1,
    });
    expect(overdue.totals).toEqual({ count: 2, netMinor: 800_000, vatMinor: 200_000, grossMinor: 1_000_000 });
  });

  it("pages on the server, the newest first, pages never overlapping", async () => {
    const paging = await club("Paging Roklub", "PG-");
    const terms = (await db().transaction((tx) => partnerSeller(tx, paging.partner.id)))!;
    for (let day = 0; day < 27; day += 1) {
      await db().transaction((tx) =>
        issueDocument(tx, outbox.jobs, {
          kind: "invoice",
          purpose: "booking",
          terms,
          buyer: sampleBuyer(),
          lines: [documentLine(`Team place ${day}`, 1, 10_000, "registered")],
          language: "da",
          deliveryDate: "2027-06-15",
          reference: `RCL-PAGE${String(day).padStart(2, "0")}`,
          now: after(day % 9),
        }),
      );
    }
    const page = (n: number) =>
      listInvoices(db(), { actor: paging.actor, area: "partner", filters: filtersOf(""), page: n });
    const [first, second, third] = await Promise.all([page(1), page(2), page(3)]);
    expect(first.rows).toHaveLength(25);
    expect(second.rows).toHaveLength(2);
    expect(third.rows).toHaveLength(0);
    expect(first.total).toBe(27);
    expect(second.totals.count).toBe(27);
    const numbers = [...first.rows, ...second.rows].map((row) => row.number);
    expect(new Set(numbers).size).toBe(27);
    const dates = [...first.rows, ...second.rows].map((row) => row.issueDate);
    expect(dates).toEqual([...dates].sort().reverse());

    const response = await get("/dashboard/partner/invoices?page=2", paging.account.cookie);
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).toMatch(/<nav aria-label="Invoice pages"/);
    expect(html).toContain('rel="prev"');
  });
});

describe("the partner's Invoices page", () => {
  it("lists the partner's own documents in a captioned table with labelled filters and the totals", async () => {
    const response = await get(`/dashboard/partner/invoices?status=overdue`, north.account.cookie);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("<caption");
    expect(html).toContain("Invoices and credit notes, the newest first");
    for (const id of ["invoices-event", "invoices-status", "invoices-from", "invoices-to"]) {
      expect(html).toContain(`for="${id}"`);
      expect(html).toContain(`id="${id}"`);
    }
    expect(html).toContain(docs.overdue.number);
    expect(html).toContain(docs.underpaid.number);
    expect(html).not.toContain(docs.paid.number);
    expect(html).not.toContain("SR-0001");
    expect(html).toContain("Overdue");
    expect(html).toContain("Totals of the documents these filters show");
    expect(html).toMatch(/DKK\s10,000\.00/);
    // The export keeps the filters.
    expect(html).toContain('href="/dashboard/partner/invoices/export.csv?status=overdue"');
  });

  it("answers another partner's event or partner in the filters with not found, and lists none of it", async () => {
    const byEvent = await get(`/dashboard/partner/invoices?event=${southEvent.id}`, north.account.cookie);
    expect(byEvent.status).toBe(404);
    expect(await byEvent.text()).not.toContain("SR-0001");
    const bySeller = await get(
      `/dashboard/partner/invoices?seller=${south.partner.id}`,
      north.account.cookie,
    );
    expect(bySeller.status).toBe(404);
    const csv = await get(
      `/dashboard/partner/invoices/export.csv?event=${southEvent.id}`,
      north.account.cookie,
    );
    expect(csv.status).toBe(404);
    expect(await listed(south.actor)).toEqual([southBooking.invoice.number]);
  });

  it("is for partners and admins: a plain user is sent to their own dashboard", async () => {
    const response = await get("/dashboard/partner/invoices", openBooking.booker.cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/dashboard");
    const csv = await get("/dashboard/partner/invoices/export.csv", openBooking.booker.cookie);
    expect(csv.status).toBe(302);
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

  it("has the bookkeeping columns, Danish amounts, signed credit notes and neutralised formulas", async () => {
    const { response, header, lines } = await exportOf(
      "/dashboard/partner/invoices/export.csv",
      north.account.cookie,
    );
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="invoices-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(header).toEqual([
      "Number",
      "Type",
      "Credited invoice",
      "Issue date",
      "Delivery date",
      "Due date",
      "Buyer",
      "Buyer CVR",
      "Buyer EAN",
      "Event",
      "Booking reference",
      "Net excl. VAT",
      "VAT",
      "Total incl. VAT",
      "Status",
      "Paid amount",
    ]);
    expect(lines).toHaveLength(8);
    const open = lines.find((line) => line.startsWith(`${docs.open.number};`));
    expect(open).toBe(
      [
        docs.open.number,
        "Invoice",
        "",
        docs.open.issueDate,
        docs.open.deliveryDate,
        docs.open.dueDate,
        // Quoted for its quotes, and an apostrophe first, so Excel shows the text instead of running it.
        `"'=HYPERLINK(""https://evil.example"",""Click"")"`,
        "35954716",
        "",
        "New Regatta",
        openBooking.registration.reference,
        "4000,00",
        "1000,00",
        "5000,00",
        "Open",
        "0,00",
      ].join(";"),
    );
    const credit = lines.find((line) => line.startsWith(`${docs.creditNote.number};`))!.split(";");
    expect(credit.slice(1, 3)).toEqual(["Credit note", docs.credited.number]);
    expect(credit.slice(11)).toEqual(["-4000,00", "-1000,00", "-5000,00", "", ""]);
  });

  it("follows the list's filters, and the reader's language", async () => {
    const { header, lines } = await exportOf(
      "/dashboard/partner/invoices/export.csv?status=paid",
      `${north.account.cookie}; lang=da`,
    );
    expect(header.slice(0, 3)).toEqual(["Nummer", "Type", "Krediteret faktura"]);
    expect(lines.map((line) => line.split(";")[0]).sort()).toEqual(
      [docs.paid.number, docs.partial.number].sort(),
    );
    expect(lines.every((line) => line.split(";")[14] === "Betalt")).toBe(true);
  });
});

describe("the admin's Invoices page", () => {
  let commission: typeof invoices.$inferSelect;

  beforeAll(async () => {
    commission = await db().transaction(async (tx) =>
      issueDocument(tx, outbox.jobs, {
        kind: "invoice",
        purpose: "commission",
        terms: await rclSeller(tx),
        buyer: sampleBuyer({ name: "Nordhavn Roklub" }),
        lines: [documentLine("Commission", 1, 40_000, "registered")],
        language: "da",
        deliveryDate: copenhagenToday(today),
        reference: "2027-05",
        buyerPartnerId: north.partner.id,
        now: today,
      }),
    );
  });

  it("lists every seller's documents and RCL's own, filtered by seller", async () => {
    const all = await listed(adminAs(), "", { area: "admin" });
    expect(all).toEqual(
      expect.arrayContaining([docs.open.number, southBooking.invoice.number, commission.number]),
    );
    expect(await listed(adminAs(), `seller=${south.partner.id}`, { area: "admin" })).toEqual([
      southBooking.invoice.number,
    ]);
    expect(await listed(adminAs(), "seller=rcl", { area: "admin" })).toEqual([commission.number]);
    // The partner area shows partners' sales only, every partner's to an admin.
    const partnerArea = await listed(adminAs(), "");
    expect(partnerArea).toContain(southBooking.invoice.number);
    expect(partnerArea).not.toContain(commission.number);
    // A partner never sees RCL's invoice to it among its own sales.
    expect(await listed(north.actor)).not.toContain(commission.number);
  });

  it("works out each status alike whether it adds up every document's sums at once or looks up each", async () => {
    for (const status of ["open", "paid", "overdue", "credited"]) {
      // Over the whole platform the sums are added up at once; narrowed to a seller, looked up per invoice.
      const everyone = (
        await listInvoicesForExport(db(), {
          actor: adminAs(),
          area: "admin",
          filters: filtersOf(`status=${status}`),
        })
      ).map((row) => row.number);
      const bySeller = await listed(adminAs(), `status=${status}&seller=${north.partner.id}`, {
        area: "admin",
      });
      const own = await listed(north.actor, `status=${status}`);
      expect(everyone.filter((number) => number.startsWith("NR-")).sort(), status).toEqual([...own].sort());
      expect([...bySeller].sort(), status).toEqual([...own].sort());
    }
    expect(await listed(adminAs(), "status=open", { area: "admin" })).toContain(commission.number);
    const overdue = await listInvoices(db(), {
      actor: adminAs(),
      area: "admin",
      filters: filtersOf("status=overdue"),
      page: 1,
    });
    expect(overdue.rows.every((row) => row.status === "overdue")).toBe(true);
    expect(overdue.totals.count).toBe(overdue.total);
  });

  it("shows the seller filter and column, and exports with the seller", async () => {
    const response = await get(`/dashboard/admin/invoices?seller=${north.partner.id}`, admin.cookie);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('for="invoices-seller"');
    expect(html).toContain("Rethink Corporate Life (commission)");
    expect(html).toContain(docs.open.number);
    expect(html).not.toContain(southBooking.invoice.number);

    const csv = await get("/dashboard/admin/invoices/export.csv?seller=rcl", admin.cookie);
    const [header, line] = (await csv.text()).replace(/^\uFEFF/, "").split("\r\n");
    expect(header!.split(";")[6]).toBe("Seller");
    expect(line!.split(";").slice(0, 7)).toEqual([
      commission.number,
      "Invoice",
      "",
      commission.issueDate,
      commission.deliveryDate,
      commission.dueDate,
      "Rethink Corporate Life ApS",
    ]);
  });

  it("is for admins only", async () => {
    for (const cookie of [north.account.cookie, openBooking.booker.cookie]) {
      const page = await get("/dashboard/admin/invoices", cookie);
      expect(page.status).toBe(302);
      expect(page.headers.get("location")).toBe("/dashboard");
      const csv = await get("/dashboard/admin/invoices/export.csv", cookie);
      expect(csv.status).toBe(302);
    }
  });
});

describe("downloading a document", () => {
  const path = (id: string, format: string) => `/dashboard/documents/${id}/${format}`;

  it("gives the booker the PDF and the UBL e-invoice, as attachments named for the document", async () => {
    const cookie = openBooking.booker.cookie;
    const pdf = await get(path(docs.open.id, "pdf"), cookie);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("cache-control")).toBe("private, no-store");
    // The booking's language is English here: "Invoice NR-0008.pdf".
    expect(pdf.headers.get("content-disposition")).toBe(
      `attachment; filename="Invoice ${docs.open.number}.pdf"; filename*=UTF-8''Invoice%20${docs.open.number}.pdf`,
    );
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");

    const xml = await get(path(docs.open.id, "xml"), cookie);
    expect(xml.status).toBe(200);
    expect(xml.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(xml.headers.get("content-disposition")).toContain(
      `filename*=UTF-8''Invoice%20${docs.open.number}.xml`,
    );
    const ubl = await xml.text();
    expect(ubl).toContain("urn:oasis:names:specification:ubl:schema:xsd:Invoice-2");
    expect(ubl).toContain(`<cbc:ID>${docs.open.number}</cbc:ID>`);
  });

  it("names a Danish credit note in Danish, its letters encoded", async () => {
    const danish = await book(newEvent.id, "Dansk Hold", { now: today, locale: "da" });
    await db().transaction((tx) =>
      creditInvoice(tx, outbox.jobs, {
        invoice: { ...danish.invoice },
        amount: "rest",
        reason: "Afbestilt",
        now: today,
      }),
    );
    const [, credit] = await documentsOf(danish.registration.id);
    expect(credit).toMatchObject({ kind: "credit_note", language: "da" });
    const response = await get(path(credit!.id, "xml"), danish.booker.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="Kreditnota ${credit!.number}.xml"; filename*=UTF-8''Kreditnota%20${credit!.number}.xml`,
    );
    expect(await response.text()).toContain("urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2");
  });

  it("lets the seller's members and admins download, and tells everyone else not found", async () => {
    const id = docs.open.id;
    expect((await get(path(id, "pdf"), north.account.cookie)).status).toBe(200);
    expect((await get(path(id, "xml"), admin.cookie)).status).toBe(200);
    for (const cookie of [south.account.cookie, southBooking.booker.cookie]) {
      const refused = await get(path(id, "pdf"), cookie);
      expect(refused.status).toBe(404);
      const body = await refused.text();
      expect(body).not.toContain(docs.open.number);
      expect(refused.headers.get("content-disposition")).toBeNull();
    }
    // The south partner's own document, asked for by the north partner.
    expect((await get(path(southBooking.invoice.id, "pdf"), north.account.cookie)).status).toBe(404);
    const signedOut = await get(path(id, "pdf"));
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("location")).toContain("/login?redirectTo=");
  });

  it("answers an unknown format or a malformed id with not found", async () => {
    const cookie = openBooking.booker.cookie;
    expect((await get(path(docs.open.id, "docx"), cookie)).status).toBe(404);
    expect((await get(path("not-a-uuid", "pdf"), cookie)).status).toBe(404);
    expect((await get(path(randomUUID(), "pdf"), cookie)).status).toBe(404);
  });

  it("lets a partner member who booked at another partner download that booking's document, not list it", async () => {
    const booked = await book(newEvent.id, "South Books North", { now: today, booker: south.account });
    expect((await get(path(booked.invoice.id, "pdf"), south.account.cookie)).status).toBe(200);
    expect(await listed(south.actor)).not.toContain(booked.invoice.number);
  });
});

describe("a booking's documents", () => {
  it("are on the booker's card in My Bookings and on the booking's page, with named download links", async () => {
    const cookie = openBooking.booker.cookie;
    const list = await (await get("/dashboard/bookings", cookie)).text();
    const name = `Invoice ${docs.open.number}`;
    expect(list).toContain(`aria-label="${name} (PDF)"`);
    expect(list).toContain(`href="/dashboard/documents/${docs.open.id}/pdf"`);
    expect(list).toContain(`aria-label="${name} (XML e-invoice)"`);
    expect(list).toContain(`Invoices and credit notes for booking ${openBooking.registration.reference}`);
    expect(list).toMatch(/DKK\s5,000\.00/);
    expect(list).toContain(">Open<");

    const page = await get(`/dashboard/bookings/${openBooking.registration.id}`, cookie);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`${name} (PDF)`);
    expect(html).not.toContain(southBooking.invoice.number);
  });

  it("show a cancelled booking's invoice as credited, with its credit note", async () => {
    const rows = await listBookingDocuments(db(), {
      actor: userActor(docs.credited.bookerUserId!),
      view: "booker",
      registrationIds: [docs.credited.registrationId!],
    });
    expect(rows.map((row) => [row.number, row.kind, row.status, row.creditedNumber])).toEqual([
      [docs.credited.number, "invoice", "credited", null],
      [docs.creditNote.number, "credit_note", null, docs.credited.number],
    ]);
    // Another person asking for them gets none.
    expect(
      await listBookingDocuments(db(), {
        actor: userActor(openBooking.booker.id),
        view: "booker",
        registrationIds: [docs.credited.registrationId!],
      }),
    ).toEqual([]);
  });

  it("are on the organiser's registration page, and another partner's documents are not", async () => {
    const response = await get(
      `/dashboard/partner/registrations/${openBooking.registration.id}`,
      north.account.cookie,
    );
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`Invoice ${docs.open.number} (PDF)`);
    expect(
      await listBookingDocuments(db(), {
        actor: south.actor,
        view: "seller",
        registrationIds: [openBooking.registration.id],
      }),
    ).toEqual([]);
  });
});

describe("the page's data", () => {
  it("names sellers only where rows are of several", async () => {
    const url = new URL("https://rcl.test/dashboard/partner/invoices");
    const own = await invoiceListPage(db(), { actor: north.actor, area: "partner", url, page: 1 });
    expect(own.showSeller).toBe(false);
    expect(own.options.sellers).toEqual([]);
    expect(own.options.events.map((event) => event.title).sort()).toEqual(["New Regatta", "Old Regatta"]);
    const all = await invoiceListPage(db(), { actor: adminAs(), area: "admin", url, page: 1 });
    expect(all.showSeller).toBe(true);
    expect(all.options.sellers.map((seller) => seller.name)).toEqual(
      expect.arrayContaining(["Nordhavn Roklub", "Sydhavn Roklub"]),
    );
    expect(all.options.withRcl).toBe(true);
  });
});
