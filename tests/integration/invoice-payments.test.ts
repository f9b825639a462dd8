import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rosterFieldName } from "~/lib/forms/registration-schema";
import type { Actor } from "#server/auth/actor";
import { auditLog, bankStatementLines, invoicePayments, invoices, siteSettings } from "#server/db/schema";
import { sampleSiteSettings } from "#server/db/seed/sample-content";
import { copenhagenToday } from "#server/invoices/document-status";
import { partnerSeries } from "#server/invoices/series";
import { importBankStatement } from "#server/payments/import-bank-statement";
import { matchBankLine } from "#server/payments/match-bank-line";
import { registerTeam } from "#server/registrations/register-team";
import { createAccount, postForm, postMultipart, userActor, type TestAccount } from "../support/accounts";
import { createBillingProfile } from "../support/billing";
import { createTestEvent } from "../support/events";
import { createTestSite, type TestSite } from "../support/http-app";
import { recordingJobs } from "../support/jobs";
import { createTestPartner } from "../support/partners";
import { followToast } from "../support/toast";

// "Paid or not" from the pages: an invoice's page in the partner and admin areas, with
// its "Mark paid" and "Issue a credit note" forms, and the bank statement upload that
// matches payments received to open invoices by +71 payment id or number, with the lines
// that match nothing listed to match by hand. Through the site, as a browser without
// JavaScript posts, so the statuses and messages are the ones people get.

let site: TestSite;
let outbox: ReturnType<typeof recordingJobs>;
const db = () => site.database.db;
const services = () => ({ db: db(), jobs: outbox.jobs, baseUrl: site.baseUrl });
const today = new Date();

type Club = { partnerId: string; account: TestAccount; actor: Actor; eventId: string };

async function club(name: string, prefix: string): Promise<Club> {
  const partner = await createTestPartner(db(), name);
  await createBillingProfile(db(), partner.id, { invoicePrefix: prefix, legalName: name });
  const account = await createAccount(site, { role: "partner", partnerId: partner.id });
  // 4.000,00 kr. a team, 5.000,00 kr. with 25 % moms.
  const event = await createTestEvent(db(), partner.id, { now: today, maxTeams: 40, priceMinor: 400_000 });
  return {
    partnerId: partner.id,
    account,
    actor: { userId: account.id, role: "partner", partnerIds: [partner.id] },
    eventId: event.id,
  };
}

/** A team booked on the club's event: its confirmation issues the invoice, returned. */
async function invoiceOf(owner: Club, teamName: string) {
  const booker = await createAccount(site, { firstName: teamName });
  const { registration } = await registerTeam(services(), {
    actor: userActor(booker.id),
    eventId: owner.eventId,
    input: {
      teamName,
      company: "Nordlys ApS",
      billingCompany: "Nordlys ApS",
      billingAddressLine: "Vesterbrogade 12",
      billingPostalCode: "1620",
      billingCity: "København V",
      cvr: "35954716",
      billingEmail: "bogholderi@nordlys.example",
      captainName: "Captain",
      captainEmail: "captain@nordlys.example",
      captainPhone: "+45 11 22 33 44",
      [rosterFieldName(0, "name")]: "Captain",
      acceptTerms: "on",
    },
    idempotencyKey: randomUUID(),
    now: today,
  });
  await outbox.finishBookings();
  const [invoice] = await db().select().from(invoices).where(eq(invoices.registrationId, registration.id));
  if (!invoice) throw new Error(`${teamName} was not invoiced.`);
  return invoice;
}

const get = (path: string, cookie?: string) =>
  site.request(path, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });

const paymentsOf = (invoiceId: string) =>
  db()
    .select()
    .from(invoicePayments)
    .where(eq(invoicePayments.invoiceId, invoiceId))
    .orderBy(asc(invoicePayments.createdAt));

const auditOf = (entityId: string) =>
  db()
    .select({ action: auditLog.action, summary: auditLog.summary, actorUserId: auditLog.actorUserId })
    .from(auditLog)
    .where(eq(auditLog.entityId, entityId))
    .orderBy(asc(auditLog.createdAt));

const partnerPage = (id: string) => `/dashboard/partner/invoices/${id}`;
const statementPath = (partnerId: string) =>
  `/dashboard/partner/invoices/bank-statement?partner=${partnerId}`;

const csvFile = (text: string, name = "statement.csv") => new File([text], name, { type: "text/csv" });
const upload = (owner: Club, file: File, cookie = owner.account.cookie) =>
  postMultipart(site, statementPath(owner.partnerId), { intent: "upload" }, { file }, cookie);

/** The text of a page without its markup, to read what people read. */
const textOf = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

let north: Club;
let south: Club;
let admin: TestAccount;

beforeAll(async () => {
  site = await createTestSite({ seed: false, trustProxy: true });
  outbox = recordingJobs(site.database);
  await db().insert(siteSettings).values(sampleSiteSettings).onConflictDoNothing();
  admin = await createAccount(site, { role: "admin", firstName: "Ada" });
  north = await club("Nordhavn Roklub", "NR-");
  south = await club("Sydhavn Roklub", "SR-");
});
afterAll(async () => {
  await site?.close();
});

describe("an invoice's page", () => {
  it("shows the document, its parties, lines, totals with moms, files and what is owed", async () => {
    const invoice = await invoiceOf(north, "Page Paddlers");
    const response = await get(partnerPage(invoice.id), north.account.cookie);
    expect(response.status).toBe(200);
    const text = textOf(await response.text());
    expect(text).toContain(`Invoice ${invoice.number}`);
    expect(text).toContain("Nordhavn Roklub");
    expect(text).toContain("Nordlys ApS");
    expect(text).toMatch(/Total incl\. VAT\s+(DKK\s?)?5,000\.00|5\.000,00/);
    expect(text).toContain(
      invoice.content.paymentReference?.kind === "fik71" ? invoice.content.paymentReference.line : "",
    );
    expect(text).toContain("Still owed");
    expect(text).toContain("Mark paid");
    expect(text).toContain("Issue a credit note");
    const admins = await get(`/dashboard/admin/invoices/${invoice.id}`, admin.cookie);
    expect(admins.status).toBe(200);
  });

  it("is not found for another partner's member, and its forms change nothing for them", async () => {
    const invoice = await invoiceOf(north, "Private Paddlers");
    expect((await get(partnerPage(invoice.id), south.account.cookie)).status).toBe(404);
    const paying = await postForm(
      site,
      partnerPage(invoice.id),
      { intent: "pay", paidOn: copenhagenToday(today), amount: "5000" },
      south.account.cookie,
    );
    expect(paying.status).toBe(404);
    const crediting = await postForm(
      site,
      partnerPage(invoice.id),
      { intent: "credit", amount: "100", reason: "Goodwill" },
      south.account.cookie,
    );
    expect(crediting.status).toBe(404);
    expect(await paymentsOf(invoice.id)).toEqual([]);
    expect(await db().select().from(invoices).where(eq(invoices.creditsInvoiceId, invoice.id))).toEqual([]);
    const [row] = await db().select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row).toEqual(invoice);
  });

  it("marks the invoice paid from its form: the payment, the audit row, and the status Paid", async () => {
    const invoice = await invoiceOf(north, "Paying Paddlers");
    const response = await postForm(
      site,
      partnerPage(invoice.id),
      { intent: "pay", paidOn: copenhagenToday(today), amount: "5.000,00" },
      north.account.cookie,
    );
    const { html } = await followToast(site, response, north.account.cookie);
    expect(textOf(html)).toContain("The payment is recorded.");
    expect(textOf(html)).toMatch(/Invoice NR-\d+ Paid/);
    expect(await paymentsOf(invoice.id)).toMatchObject([
      { amountMinor: 500_000, source: "manual", recordedBy: north.account.id, bankLineId: null },
    ]);
    expect((await auditOf(invoice.id)).map((row) => row.action)).toEqual(["invoice.record_payment"]);
    // Nothing is owed any more, so the page offers no payment form.
    expect(textOf(html)).not.toContain("Date received");
  });

  it("refuses a payment form's bad input with the message next to its field, a 4xx and the input kept", async () => {
    const invoice = await invoiceOf(north, "Typo Paddlers");
    const cases: [Record<string, string>, number, string, string][] = [
      [{ paidOn: copenhagenToday(today), amount: "lots" }, 400, "Please enter the amount in kroner", "lots"],
      [{ paidOn: copenhagenToday(today), amount: "6000" }, 400, "more than is still owed", "6000"],
      [{ paidOn: "2999-01-01", amount: "100" }, 400, "cannot be in the future", "2999-01-01"],
      [
        { paidOn: "not a day", amount: "100" },
        400,
        "Please enter the date the payment was received",
        "not a day",
      ],
    ];
    for (const [fields, status, message, kept] of cases) {
      const response = await postForm(
        site,
        partnerPage(invoice.id),
        { intent: "pay", ...fields },
        north.account.cookie,
      );
      expect(response.status).toBe(status);
      const html = await response.text();
      expect(textOf(html)).toContain(message);
      expect(html).toContain(`value="${kept}"`);
      expect(html).toMatch(/aria-invalid="true"/);
    }
    expect(await paymentsOf(invoice.id)).toEqual([]);
  });

  it("issues a credit note from its form, linked from the invoice and audited; too much is refused", async () => {
    const invoice = await invoiceOf(north, "Credited Paddlers");
    const tooMuch = await postForm(
      site,
      partnerPage(invoice.id),
      { intent: "credit", amount: "4000,01", reason: "Too much" },
      north.account.cookie,
    );
    expect(tooMuch.status).toBe(400);
    expect(textOf(await tooMuch.text())).toContain(
      "The amount is more than is left to credit on this invoice",
    );
    const noReason = await postForm(
      site,
      partnerPage(invoice.id),
      { intent: "credit", amount: "100", reason: "" },
      north.account.cookie,
    );
    expect(noReason.status).toBe(400);
    expect(textOf(await noReason.text())).toContain("Please say why you credit this amount");

    const response = await postForm(
      site,
      partnerPage(invoice.id),
      { intent: "credit", amount: "1000", reason: "Two rowers fewer" },
      north.account.cookie,
    );
    const { html } = await followToast(site, response, north.account.cookie);
    const [credit] = await db().select().from(invoices).where(eq(invoices.creditsInvoiceId, invoice.id));
    expect(credit).toMatchObject({ kind: "credit_note", netMinor: 100_000, vatMinor: 25_000 });
    expect(html).toContain(`href="/dashboard/partner/invoices/${credit!.id}"`);
    expect(textOf(html)).toContain("Two rowers fewer");
    expect((await auditOf(invoice.id)).map((row) => row.action)).toEqual(["invoice.credit"]);
    // What is owed is the gross less the credit note's gross.
    expect(html).toMatch(/value="3750,00"/);
    const creditPage = await get(partnerPage(credit!.id), north.account.cookie);
    expect(textOf(await creditPage.text())).toContain(`Credits invoice ${invoice.number}`);
  });

  it("is linked from each row of the Invoices lists", async () => {
    const invoice = await invoiceOf(north, "Listed Paddlers");
    const list = await (await get("/dashboard/partner/invoices", north.account.cookie)).text();
    expect(list).toContain(`href="/dashboard/partner/invoices/${invoice.id}"`);
    const adminList = await (await get("/dashboard/admin/invoices", admin.cookie)).text();
    expect(adminList).toContain(`href="/dashboard/admin/invoices/${invoice.id}"`);
  });
});

describe("a bank statement upload", () => {
  it("matches payments received by +71 payment id and by number, partly or in full, and lists the rest", async () => {
    const byId = await invoiceOf(north, "FI Paddlers");
    const byNumber = await invoiceOf(north, "Number Paddlers");
    const southern = await invoiceOf(south, "Southern Paddlers");
    expect(byId.paymentId).toMatch(/^\d{15}$/);
    const csv = [
      "Dato;Tekst;Beløb;Saldo",
      `03.05.2027;"+71<${byId.paymentId}+85412345<";5.000,00;10.000,00`,
      `04-05-2027;Betaling faktura ${byNumber.number.toLowerCase()} Nordlys;2.000,00;12.000,00`,
      `05-05-2027;Indbetaling uden tekst;750,00;12.750,00`,
      `06-05-2027;Husleje;-3.000,00;9.750,00`,
      `07-05-2027;Betaling ${southern.number};5.000,00;14.750,00`,
    ].join("\r\n");
    const response = await upload(north, csvFile(csv));
    expect(response.status).toBe(200);
    const text = textOf(await response.text());
    expect(text).toContain("5 lines read: 5 new, 2 matched to invoices, 2 payments received not matched.");
    expect(text).toContain(`paid on invoice ${byId.number}`);

    expect(await paymentsOf(byId.id)).toMatchObject([
      { amountMinor: 500_000, paidOn: "2027-05-03", source: "bank_statement", recordedBy: north.account.id },
    ]);
    expect(await paymentsOf(byNumber.id)).toMatchObject([
      { amountMinor: 200_000, paidOn: "2027-05-04", source: "bank_statement" },
    ]);
    // Another partner's invoice is never paid from this account, whatever the text says.
    expect(await paymentsOf(southern.id)).toEqual([]);
    // The unmatched payments received are listed; money going out is not.
    expect(text).toContain("Indbetaling uden tekst");
    expect(text).toContain(`Betaling ${southern.number}`);
    expect(text).not.toMatch(/Payments not matched.*Husleje.*Latest matched/);
    // The matched lines show their invoice; the invoice paid in full is Paid.
    expect(text).toMatch(/Latest matched payments.*FI Paddlers|Latest matched payments.*NR-/);
    const page = textOf(await (await get(partnerPage(byId.id), north.account.cookie)).text());
    expect(page).toMatch(/Invoice NR-\d+ Paid/);
    expect(page).toContain(`Bank statement: +71<${byId.paymentId}+85412345<`);

    const lines = await db()
      .select()
      .from(bankStatementLines)
      .where(eq(bankStatementLines.ownerKey, partnerSeries(north.partnerId)));
    expect(lines).toHaveLength(5);
    expect(lines.every((line) => line.uploadedBy === north.account.id)).toBe(true);
    const imports = await auditOf(partnerSeries(north.partnerId));
    expect(imports.map((row) => row.action)).toEqual(["bank_statement.import"]);
    expect((await auditOf(byId.id)).map((row) => row.action)).toEqual(["invoice.match_bank_line"]);
    expect((await auditOf(byNumber.id)).map((row) => row.action)).toEqual(["invoice.match_bank_line"]);

    // The same file again stores nothing and pays nothing twice.
    const again = await upload(north, csvFile(csv));
    expect(again.status).toBe(200);
    expect(textOf(await again.text())).toContain(
      "All 5 lines of this file were uploaded before; nothing new was stored.",
    );
    expect(
      await db()
        .select()
        .from(bankStatementLines)
        .where(eq(bankStatementLines.ownerKey, partnerSeries(north.partnerId))),
    ).toHaveLength(5);
    expect(await paymentsOf(byId.id)).toHaveLength(1);
    expect(await paymentsOf(byNumber.id)).toHaveLength(1);

    // South's page lists none of North's lines.
    const southPage = textOf(await (await get(statementPath(south.partnerId), south.account.cookie)).text());
    expect(southPage).not.toContain("Indbetaling uden tekst");
    expect(southPage).toContain("Every payment received is matched.");
  });

  it("never pays an invoice again once paid, and pays no more than is owed, saying how much more came", async () => {
    const paid = await invoiceOf(north, "Settled Paddlers");
    const over = await invoiceOf(north, "Generous Paddlers");
    const csv = [
      "Date,Text,Amount",
      `2027-06-01,Faktura ${paid.number},5000.00`,
      `2027-06-02,Faktura ${paid.number} igen,5000.00`,
      `2027-06-03,Faktura ${over.number},5200.00`,
    ].join("\n");
    const response = await upload(north, csvFile(csv));
    const text = textOf(await response.text());
    expect(text).toContain("3 lines read: 3 new, 2 matched to invoices, 1 payments received not matched.");
    expect(await paymentsOf(paid.id)).toMatchObject([{ amountMinor: 500_000, paidOn: "2027-06-01" }]);
    expect(await paymentsOf(over.id)).toMatchObject([{ amountMinor: 500_000 }]);
    expect(text).toMatch(/200\.00 more than was owed/);
    expect(text).toContain(`Faktura ${paid.number} igen`);
  });

  it("matches an unmatched line by hand, once, to the account's own open invoice only", async () => {
    const open = await invoiceOf(north, "Hand Paddlers");
    const southern = await invoiceOf(south, "Hand Southern");
    await upload(north, csvFile(`Dato;Tekst;Beløb\n10-06-2027;Overførsel fra Nordlys;5000,00\n`));
    const [line] = await db()
      .select()
      .from(bankStatementLines)
      .where(
        and(
          eq(bankStatementLines.ownerKey, partnerSeries(north.partnerId)),
          eq(bankStatementLines.text, "Overførsel fra Nordlys"),
        ),
      );
    expect(line).toBeDefined();
    const match = (
      fields: Record<string, string>,
      cookie = north.account.cookie,
      partnerId = north.partnerId,
    ) => postForm(site, statementPath(partnerId), { intent: "match", lineId: line!.id, ...fields }, cookie);

    const page = await (await get(statementPath(north.partnerId), north.account.cookie)).text();
    expect(page).toContain(`value="${line!.id}"`);
    expect(page).toContain(`<option value="${open.id}">`);
    expect(page).not.toContain(southern.id);

    const none = await match({ invoiceId: "" });
    expect(none.status).toBe(400);
    expect(textOf(await none.text())).toContain("Please choose the invoice this payment is for.");
    // Another seller's invoice is not found from this account, and nothing is paid.
    expect((await match({ invoiceId: southern.id })).status).toBe(404);
    expect(await paymentsOf(southern.id)).toEqual([]);
    // Another partner cannot reach the line: from its own account the line is not found.
    expect((await match({ invoiceId: southern.id }, south.account.cookie, south.partnerId)).status).toBe(404);
    // Nor North's account at all.
    expect((await get(statementPath(north.partnerId), south.account.cookie)).status).toBe(404);
    expect((await match({ invoiceId: open.id }, south.account.cookie)).status).toBe(404);
    expect(await paymentsOf(open.id)).toEqual([]);

    const { html } = await followToast(site, await match({ invoiceId: open.id }), north.account.cookie);
    expect(textOf(html)).toContain("The payment is matched to the invoice.");
    expect(await paymentsOf(open.id)).toMatchObject([
      { amountMinor: 500_000, bankLineId: line!.id, source: "bank_statement", paidOn: "2027-06-10" },
    ]);
    expect(await auditOf(open.id)).toMatchObject([
      {
        action: "invoice.match_bank_line",
        actorUserId: north.account.id,
        summary: expect.stringContaining("by hand"),
      },
    ]);

    const twice = await match({ invoiceId: open.id });
    expect(twice.status).toBe(409);
    expect(textOf(await twice.text())).toContain("This bank line has already been matched to an invoice.");
    expect(await paymentsOf(open.id)).toHaveLength(1);
  });

  it("refuses bad files with a message next to the file field and a 4xx, storing nothing", async () => {
    const before = await db()
      .select({ id: bankStatementLines.id })
      .from(bankStatementLines)
      .where(eq(bankStatementLines.ownerKey, partnerSeries(south.partnerId)));
    const cases: [File | null, number, string][] = [
      [null, 400, "Please choose the bank statement file (CSV) to upload."],
      [csvFile(""), 400, "The file holds no statement lines."],
      [
        new File([Uint8Array.from([0x25, 0x50, 0x44, 0x46, 0, 1, 2])], "statement.pdf"),
        400,
        "This is not a CSV file.",
      ],
      [csvFile("Dato;Tekst\n01-06-2027;x\n"), 400, "Missing: amount."],
      [
        csvFile("Dato;Tekst;Beløb\n01-06-2027;ok;1,00\n31-06-2027;x;1,00\n"),
        400,
        'Line 3: the date "31-06-2027" cannot be read.',
      ],
      [
        csvFile("Dato;Tekst;Beløb\n01-06-2027;x;one hundred\n"),
        400,
        'Line 2: the amount "one hundred" cannot be read.',
      ],
      [
        csvFile(`Dato;Tekst;Beløb\n${"01-06-2027;x;1,00\n".repeat(120_000)}`),
        413,
        "The file is larger than 2 MB.",
      ],
    ];
    for (const [file, status, message] of cases) {
      const response = file
        ? await upload(south, file)
        : await postMultipart(
            site,
            statementPath(south.partnerId),
            { intent: "upload" },
            { file: new File([], "") },
            south.account.cookie,
          );
      expect(response.status, message).toBe(status);
      const html = await response.text();
      expect(textOf(html)).toContain(message);
      expect(html).toMatch(/aria-invalid="true"/);
    }
    const after = await db()
      .select({ id: bankStatementLines.id })
      .from(bankStatementLines)
      .where(eq(bankStatementLines.ownerKey, partnerSeries(south.partnerId)));
    expect(after).toEqual(before);
    expect(await auditOf(partnerSeries(south.partnerId))).toEqual([]);
  });

  it("takes RCL's own statement in the admin area, where no partner's invoice can be paid", async () => {
    const invoice = await invoiceOf(north, "Admin Paddlers");
    const response = await postMultipart(
      site,
      "/dashboard/admin/invoices/bank-statement",
      { intent: "upload" },
      { file: csvFile(`Dato;Tekst;Beløb\n01-07-2027;Faktura ${invoice.number};5000,00\n`) },
      admin.cookie,
    );
    expect(response.status).toBe(200);
    expect(textOf(await response.text())).toContain(
      "1 lines read: 1 new, 0 matched to invoices, 1 payments received not matched.",
    );
    expect(await paymentsOf(invoice.id)).toEqual([]);
    const [line] = await db().select().from(bankStatementLines).where(eq(bankStatementLines.ownerKey, "rcl"));
    const byHand = await postForm(
      site,
      "/dashboard/admin/invoices/bank-statement",
      { intent: "match", lineId: line!.id, invoiceId: invoice.id },
      admin.cookie,
    );
    expect(byHand.status).toBe(404);
    expect(await paymentsOf(invoice.id)).toEqual([]);
    // A partner's member has no way into RCL's account.
    expect((await get("/dashboard/admin/invoices/bank-statement", north.account.cookie)).status).toBe(302);
  });

  it("stores and pays once when the same statement is uploaded twice at once, and a line matched twice at once pays once", async () => {
    const invoice = await invoiceOf(north, "Racing Paddlers");
    const other = await invoiceOf(north, "Racing Others");
    const file = new TextEncoder().encode(
      `Dato;Tekst;Beløb\n11-07-2027;Faktura ${invoice.number};5000,00\n12-07-2027;Kontant indskud;300,00\n`,
    );
    const uploads = await Promise.all(
      [1, 2].map(() =>
        importBankStatement(
          { db: db() },
          { actor: north.actor, owner: { partnerId: north.partnerId }, file },
        ),
      ),
    );
    expect(uploads.map((result) => result.stored).toSorted()).toEqual([0, 2]);
    expect(await paymentsOf(invoice.id)).toHaveLength(1);
    const [cash] = await db()
      .select()
      .from(bankStatementLines)
      .where(
        and(
          eq(bankStatementLines.ownerKey, partnerSeries(north.partnerId)),
          eq(bankStatementLines.text, "Kontant indskud"),
        ),
      );
    const matches = await Promise.allSettled(
      [1, 2].map(() =>
        matchBankLine(
          { db: db() },
          {
            actor: north.actor,
            owner: { partnerId: north.partnerId },
            lineId: cash!.id,
            input: { invoiceId: other.id },
          },
        ),
      ),
    );
    expect(matches.map((match) => match.status).toSorted()).toEqual(["fulfilled", "rejected"]);
    expect(matches.find((match) => match.status === "rejected")).toMatchObject({ reason: { status: 409 } });
    expect(await paymentsOf(other.id)).toMatchObject([{ amountMinor: 30_000, bankLineId: cash!.id }]);
  });
});
