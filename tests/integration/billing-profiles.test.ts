import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isAppError } from "#server/errors";
import { confirmVatStatus } from "#server/billing/confirm-vat-status";
import { auditLog, invoices, partnerBillingProfiles, profiles, teamRegistrations } from "#server/db/schema";
import { issueMissingInvoices } from "#server/invoices/issue-missing-invoices";
import { createAccount, postForm, type TestAccount } from "../support/accounts";
import { createTestEvent } from "../support/events";
import { createTestSite, type TestSite } from "../support/http-app";
import { recordingJobs } from "../support/jobs";
import { createTestPartner } from "../support/partners";
import { followToast } from "../support/toast";

// A partner's billing profile (/dashboard/partner/billing) and the admin's confirmation of
// its moms status on the admin's partner page, which invoices the bookings that waited for
// it (ADR 035). Who may post either form, as every kind of actor: authorization/billing.test.ts.

let site: TestSite;
let outbox: ReturnType<typeof recordingJobs>;
let club: Awaited<ReturnType<typeof createTestPartner>>;
let otherClub: Awaited<ReturnType<typeof createTestPartner>>;
let member: TestAccount;
/** A member of the same partner who reads the dashboards in Danish. */
let danishMember: TestAccount;
let otherMember: TestAccount;
let admin: TestAccount;
let booker: TestAccount;

const db = () => site.database.db;

beforeAll(async () => {
  site = await createTestSite({ trustProxy: true });
  outbox = recordingJobs(site.database);
  club = await createTestPartner(db(), "Billing Rowing Club");
  otherClub = await createTestPartner(db(), "Neighbour Billing Club");
  member = await createAccount(site, { role: "partner", partnerId: club.id, firstName: "Maja" });
  danishMember = await createAccount(site, { role: "partner", partnerId: club.id, firstName: "Dorthe" });
  await db().update(profiles).set({ language: "da" }).where(eq(profiles.userId, danishMember.id));
  danishMember.cookie = `${danishMember.cookie}; lang=da`;
  otherMember = await createAccount(site, { role: "partner", partnerId: otherClub.id, firstName: "Ole" });
  admin = await createAccount(site, { role: "admin", firstName: "Astrid", lastName: "Admin" });
  booker = await createAccount(site, { firstName: "Bo", lastName: "Booker" });
});

afterAll(async () => {
  await site?.background.settled();
  await site?.close();
});

const PAGE = "/dashboard/partner/billing";
const pageOf = (partnerId: string) => `${PAGE}?partner=${partnerId}`;
const adminPageOf = (partnerId: string) => `/dashboard/admin/partners/${partnerId}`;

const open = (path: string, cookie: string) =>
  site.request(path, { headers: { Cookie: cookie }, redirect: "manual" });

/** A complete, valid form as the page posts it; each test changes what it is about. */
const billingForm = (overrides: Record<string, string> = {}): Record<string, string> => ({
  legalName: "Billing Rowing Club",
  addressLine: "Strandvænget 46",
  postalCode: "2100",
  city: "København Ø",
  cvr: "29403473",
  vatStatus: "exempt",
  bankRegistration: "1551",
  bankAccount: "3456789",
  fiCreditorNumber: "85412345",
  invoicePrefix: "BRC-",
  paymentTermsDays: "14",
  invoiceEmail: "kasserer@billing-club.example",
  ...overrides,
});

/** What the admin's "Confirm moms status" sends: the details the page showed. */
const confirmForm = (profile: { legalName: string; cvr: string; vatStatus: string }) => ({
  intent: "confirm-vat",
  legalName: profile.legalName,
  cvr: profile.cvr,
  vatStatus: profile.vatStatus,
});

async function profileOf(partnerId: string) {
  const [row] = await db()
    .select()
    .from(partnerBillingProfiles)
    .where(eq(partnerBillingProfiles.partnerId, partnerId));
  return row ?? null;
}

const auditOf = (partnerId: string, action: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.partnerId, partnerId), eq(auditLog.action, action)))
    .orderBy(asc(auditLog.createdAt));

/** The page's HTML with React's markers between text and values taken out. */
const textOf = (html: string) => html.replaceAll("<!-- -->", "");

/** The value the page gives the input named `name`. */
function inputValue(html: string, name: string): string | undefined {
  const tag = html.match(new RegExp(`<input[^>]*name="${name}"[^>]*>`))?.[0];
  return tag?.match(/value="([^"]*)"/)?.[1];
}

/** The moms status whose radio the page has checked. */
function checkedVatStatus(html: string): string | null {
  const radios = html.match(/<input[^>]*type="radio"[^>]*>/g) ?? [];
  const checked = radios.find((tag) => tag.includes('name="vatStatus"') && tag.includes('checked=""'));
  return checked?.match(/value="(\w+)"/)?.[1] ?? null;
}

describe("the billing page", () => {
  it("opens for a member with an empty form, the usual payment terms, and a word on invoicing", async () => {
    const response = await open(PAGE, member.cookie);
    expect(response.status).toBe(200);
    const html = textOf(await response.text());
    expect(html).toContain("Billing details: Billing Rowing Club");
    expect(html).toContain("Fill in your billing details so your bookings can be invoiced.");
    for (const label of [
      "Legal name",
      "Address",
      "Postal code",
      "City",
      "CVR number",
      "Bank registration number",
      "Account number",
      "FI creditor number",
      "Invoice number prefix",
      "Payment terms in days",
      "Invoice email",
    ]) {
      expect(html).toMatch(new RegExp(`<label for="[^"]+"[^>]*>${label}`));
    }
    expect(html).toMatch(/<legend[^>]*>Moms status<\/legend>/);
    expect(html).toContain("Registered for moms (25 %)");
    expect(html).toContain("Exempt: a club not run for profit (momsloven § 13, stk. 1, nr. 5)");
    expect(html).toContain("RCL must confirm your moms status again");
    expect(inputValue(html, "paymentTermsDays")).toBe("14");
    expect(checkedVatStatus(html)).toBeNull();
  });

  it("is linked from the partner area's menu, in English and Danish", async () => {
    const english = await (await open("/dashboard/partner", member.cookie)).text();
    expect(english).toMatch(/<a[^>]*href="\/dashboard\/partner\/billing"[^>]*>(<[^>]+>)*Billing/);
    const danish = await (await open("/dashboard/partner", danishMember.cookie)).text();
    expect(danish).toMatch(/<a[^>]*href="\/dashboard\/partner\/billing"[^>]*>(<[^>]+>)*Fakturering/);
  });

  it("lets an admin choose the partner first", async () => {
    const html = await (await open(PAGE, admin.cookie)).text();
    expect(html).toContain("Choose the partner whose billing details you want to edit.");
    expect(html).toContain(`href="${pageOf(club.id)}"`);
  });
});

describe("saving the billing profile", () => {
  it("creates it on the first save, as typed and normalised, and audits every field", async () => {
    const response = await postForm(
      site,
      pageOf(club.id),
      billingForm({ cvr: "DK 29 40 34 73", invoicePrefix: "brc-", bankAccount: "345 6789" }),
      member.cookie,
    );
    expect(response.headers.get("location")).toBe(pageOf(club.id));
    const { html } = await followToast(site, response, member.cookie);
    expect(html).toContain("The billing details have been saved.");
    expect(textOf(html)).toContain(
      "Waiting for RCL to confirm your moms status: bookings are invoiced once it is confirmed.",
    );
    expect(inputValue(html, "cvr")).toBe("29403473");
    expect(checkedVatStatus(html)).toBe("exempt");

    expect(await profileOf(club.id)).toMatchObject({
      legalName: "Billing Rowing Club",
      addressLine: "Strandvænget 46",
      postalCode: "2100",
      city: "København Ø",
      cvr: "29403473",
      vatStatus: "exempt",
      vatConfirmedAt: null,
      vatConfirmedBy: null,
      bankRegistration: "1551",
      bankAccount: "3456789",
      fiCreditorNumber: "85412345",
      invoicePrefix: "BRC-",
      paymentTermsDays: 14,
      invoiceEmail: "kasserer@billing-club.example",
    });
    const [audit, ...more] = await auditOf(club.id, "billing_profile.update");
    expect(more).toEqual([]);
    expect(audit).toMatchObject({
      actorUserId: member.id,
      actorEmail: member.email,
      entityType: "partner_billing_profile",
      entityId: club.id,
    });
    expect(audit?.changes).toEqual({
      legalName: { before: null, after: "Billing Rowing Club" },
      addressLine: { before: null, after: "Strandvænget 46" },
      postalCode: { before: null, after: "2100" },
      city: { before: null, after: "København Ø" },
      cvr: { before: null, after: "29403473" },
      vatStatus: { before: null, after: "exempt" },
      bankRegistration: { before: null, after: "1551" },
      bankAccount: { before: null, after: "3456789" },
      fiCreditorNumber: { before: null, after: "85412345" },
      invoicePrefix: { before: null, after: "BRC-" },
      paymentTermsDays: { before: null, after: 14 },
      invoiceEmail: { before: null, after: "kasserer@billing-club.example" },
    });
  });

  it("edits it: the audit row names each changed field, and an empty FI creditor number is none", async () => {
    const response = await postForm(
      site,
      pageOf(club.id),
      billingForm({ bankAccount: "9876543210", fiCreditorNumber: "", paymentTermsDays: "30" }),
      member.cookie,
    );
    expect(response.status).toBe(303);
    expect(await profileOf(club.id)).toMatchObject({
      bankAccount: "9876543210",
      fiCreditorNumber: null,
      paymentTermsDays: 30,
    });
    const audit = (await auditOf(club.id, "billing_profile.update")).at(-1);
    expect(audit?.changes).toEqual({
      bankAccount: { before: "3456789", after: "9876543210" },
      fiCreditorNumber: { before: "85412345", after: null },
      paymentTermsDays: { before: 14, after: 30 },
    });
  });

  it("writes nothing when nothing changed", async () => {
    const before = await profileOf(club.id);
    const audits = (await auditOf(club.id, "billing_profile.update")).length;
    const response = await postForm(
      site,
      pageOf(club.id),
      billingForm({ bankAccount: "9876543210", fiCreditorNumber: "", paymentTermsDays: "30" }),
      member.cookie,
    );
    expect(response.status).toBe(303);
    expect(await profileOf(club.id)).toEqual(before);
    expect(await auditOf(club.id, "billing_profile.update")).toHaveLength(audits);
  });
});

describe("the form's rules", () => {
  it.each([
    ["legalName", " ", "Please enter the legal name", "Indtast det juridiske navn"],
    ["addressLine", "", "Please enter the street address", "Indtast adressen"],
    ["postalCode", "", "Please enter the postal code", "Indtast postnummeret"],
    ["postalCode", "210", "Please enter a Danish postal code of 4 digits, such as 2900", "fx 2900"],
    ["city", "", "Please enter the city", "Indtast bynavnet"],
    ["cvr", "", "Please enter the CVR number", "Indtast CVR-nummeret"],
    ["cvr", "2940347", "Please enter the CVR number as 8 digits, such as 43218778", "som 8 cifre"],
    ["cvr", "29403474", "This is not a valid CVR number; please check the digits", "tjek cifrene"],
    ["vatStatus", "", "Please choose the moms status", "Vælg momsstatus"],
    ["vatStatus", "zero", "Please choose the moms status", "Vælg momsstatus"],
    ["bankRegistration", "", "Please enter the bank registration number", "Indtast reg.nr."],
    [
      "bankRegistration",
      "155",
      "Please enter the bank registration number as 4 digits, such as 1551",
      "som 4 cifre",
    ],
    ["bankAccount", "", "Please enter the account number", "Indtast kontonummeret"],
    ["bankAccount", "12345678901", "Please enter the account number as at most 10 digits", "højst 10 cifre"],
    [
      "fiCreditorNumber",
      "1234567",
      "Please enter the FI creditor number as 8 digits, or leave it empty",
      "8 cifre",
    ],
    [
      "invoicePrefix",
      "BRC/2026",
      "Please use at most 12 capital letters, digits and hyphens, such as KR-",
      "Brug højst 12 store bogstaver",
    ],
    [
      "paymentTermsDays",
      "",
      "Please enter the payment terms in days",
      "Indtast betalingsbetingelserne i dage",
    ],
    ["paymentTermsDays", "91", "Please enter a whole number of days from 0 to 90", "fra 0 til 90"],
    [
      "invoiceEmail",
      "kasserer@",
      "Please enter the invoice email address, such as faktura@example.dk",
      "fx faktura@",
    ],
  ])(
    "refuses %s = %j with 400 and its message, keeping what was typed",
    async (field, value, message, danish) => {
      const before = await profileOf(club.id);
      const audits = (await auditOf(club.id, "billing_profile.update")).length;
      const form = billingForm({ city: "Typed City", vatStatus: "registered", [field]: value });
      if (field === "city") form.addressLine = "Typed Street 7";

      const response = await postForm(site, pageOf(club.id), form, member.cookie);
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).toContain(message);
      // Every other field as typed, the bad one too.
      expect(inputValue(html, field === "city" ? "addressLine" : "city")).toBe(
        field === "city" ? "Typed Street 7" : "Typed City",
      );
      if (field !== "vatStatus") expect(inputValue(html, field)).toBe(value);
      expect(checkedVatStatus(html)).toBe(field === "vatStatus" ? null : "registered");

      // The same rule in Danish, for a Danish page.
      const inDanish = await postForm(site, pageOf(club.id), form, danishMember.cookie);
      expect(inDanish.status).toBe(400);
      expect(await inDanish.text()).toContain(danish);

      expect(await profileOf(club.id)).toEqual(before);
      expect(await auditOf(club.id, "billing_profile.update")).toHaveLength(audits);
    },
  );
});

describe("another partner's billing profile", () => {
  it("is not found for another partner's member, and nothing changes", async () => {
    const before = await profileOf(club.id);
    const audits = (await auditOf(club.id, "billing_profile.update")).length;
    expect((await open(pageOf(club.id), otherMember.cookie)).status).toBe(404);
    const response = await postForm(
      site,
      pageOf(club.id),
      billingForm({ legalName: "Taken Over ApS", bankAccount: "1111111111" }),
      otherMember.cookie,
    );
    expect(response.status).toBe(404);
    // Not even a bad form tells them more.
    const bad = await postForm(site, pageOf(club.id), { legalName: "" }, otherMember.cookie);
    expect(bad.status).toBe(404);
    expect(await profileOf(club.id)).toEqual(before);
    expect(await auditOf(club.id, "billing_profile.update")).toHaveLength(audits);
    expect(await profileOf(otherClub.id)).toBeNull();
    expect((await open(pageOf("not-a-uuid"), otherMember.cookie)).status).toBe(404);
  });
});

describe("confirming the moms status", () => {
  it("is offered on the admin's partner page while it waits, with the details to check", async () => {
    const html = textOf(await (await open(adminPageOf(club.id), admin.cookie)).text());
    expect(html).toMatch(/<h2 id="partner-billing"[^>]*>Billing<\/h2>/);
    expect(html).toContain("The moms status is waiting for your confirmation.");
    expect(html).toContain("Strandvænget 46, 2100 København Ø");
    expect(html).toContain("Exempt: a club not run for profit");
    expect(html).toContain("Net 30 days");
    expect(html).toContain('<input type="hidden" name="intent" value="confirm-vat"/>');
    expect(html).toContain("Confirm moms status");
  });

  it("says so when the partner has no billing details", async () => {
    const html = await (await open(adminPageOf(otherClub.id), admin.cookie)).text();
    expect(textOf(html)).toContain(
      "Neighbour Billing Club has not filled in its billing details yet, so its bookings are not invoiced.",
    );
    expect(html).not.toContain("Confirm moms status");
    const response = await postForm(
      site,
      adminPageOf(otherClub.id),
      confirmForm({ legalName: "", cvr: "", vatStatus: "" }),
      admin.cookie,
    );
    expect(response.status).toBe(409);
    expect(await response.text()).toContain("This partner has not filled in its billing details yet");
    expect(await profileOf(otherClub.id)).toBeNull();
  });

  it("is refused to everyone but an admin, and nothing changes", async () => {
    const before = await profileOf(club.id);
    for (const account of [member, otherMember, booker]) {
      const response = await postForm(site, adminPageOf(club.id), confirmForm(before!), account.cookie);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/dashboard");
    }
    // The command itself refuses a member of the partner.
    const refusal = await confirmVatStatus(
      { db: db(), jobs: site.jobs },
      {
        actor: { userId: member.id, role: "partner", partnerIds: [club.id] },
        partnerId: club.id,
        input: confirmForm(before!),
      },
    ).catch((error: unknown) => error);
    expect(isAppError(refusal) && refusal.code).toBe("forbidden");
    expect(await profileOf(club.id)).toEqual(before);
    expect(await auditOf(club.id, "billing_profile.confirm_vat")).toEqual([]);
  });

  it("confirms nothing changed since the admin looked: a changed profile is refused with 409", async () => {
    const before = await profileOf(club.id);
    const seen = { ...before!, vatStatus: "registered" };
    const response = await postForm(site, adminPageOf(club.id), confirmForm(seen), admin.cookie);
    expect(response.status).toBe(409);
    expect(await response.text()).toContain("The partner changed its billing details meanwhile.");
    expect(await profileOf(club.id)).toEqual(before);
  });

  it("is recorded for the admin, and the partner's page shows the date", async () => {
    const response = await postForm(
      site,
      adminPageOf(club.id),
      confirmForm((await profileOf(club.id))!),
      admin.cookie,
    );
    const { html } = await followToast(site, response, admin.cookie);
    expect(html).toContain(
      "The moms status is confirmed. Bookings that were waiting for it have been invoiced.",
    );
    expect(textOf(html)).toMatch(/Moms status confirmed on [^<]+ by Astrid Admin\./);
    expect(html).not.toContain('value="confirm-vat"');

    const profile = await profileOf(club.id);
    expect(profile?.vatConfirmedBy).toBe(admin.id);
    expect(profile?.vatConfirmedAt).toBeInstanceOf(Date);
    const [audit] = await auditOf(club.id, "billing_profile.confirm_vat");
    expect(audit).toMatchObject({
      actorUserId: admin.id,
      entityType: "partner_billing_profile",
      entityId: club.id,
      partnerId: club.id,
    });
    expect(audit?.changes).toEqual({
      vatConfirmedAt: { before: null, after: profile!.vatConfirmedAt!.toISOString() },
    });

    const page = textOf(await (await open(PAGE, member.cookie)).text());
    expect(page).toMatch(/Moms status confirmed by RCL on [^<]+\./);
    expect(page).not.toContain("Waiting for RCL to confirm");

    // A second confirmation, from a page loaded before the first, changes nothing.
    const again = await postForm(site, adminPageOf(club.id), confirmForm(profile!), admin.cookie);
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("The moms status has already been confirmed.");
    expect(await profileOf(club.id)).toEqual(profile);
  });

  it("stays confirmed when only the payment details change", async () => {
    const response = await postForm(
      site,
      pageOf(club.id),
      billingForm({ bankAccount: "5555555", fiCreditorNumber: "", paymentTermsDays: "30" }),
      member.cookie,
    );
    expect(response.status).toBe(303);
    const profile = await profileOf(club.id);
    expect(profile?.bankAccount).toBe("5555555");
    expect(profile?.vatConfirmedAt).not.toBeNull();
  });

  it.each([
    ["vatStatus", "registered"],
    ["cvr", "35954716"],
    ["legalName", "Billing Rowing Club ApS"],
  ])("must be confirmed again after a change of %s, and the page says so", async (field, value) => {
    // Confirmed, as the previous test left it or as an admin confirms it again.
    const confirmed = await profileOf(club.id);
    if (!confirmed?.vatConfirmedAt) {
      expect((await postForm(site, adminPageOf(club.id), confirmForm(confirmed!), admin.cookie)).status).toBe(
        303,
      );
    }
    const before = (await profileOf(club.id))!;
    const form = billingForm({
      legalName: before.legalName,
      cvr: before.cvr,
      vatStatus: before.vatStatus,
      bankAccount: before.bankAccount,
      fiCreditorNumber: "",
      paymentTermsDays: "30",
      [field]: value,
    });
    const response = await postForm(site, pageOf(club.id), form, member.cookie);
    const { html } = await followToast(site, response, member.cookie);
    expect(textOf(html)).toContain("Waiting for RCL to confirm your moms status");

    const after = await profileOf(club.id);
    expect(after).toMatchObject({ [field]: value, vatConfirmedAt: null, vatConfirmedBy: null });
    expect((await auditOf(club.id, "billing_profile.update")).at(-1)?.changes).toEqual({
      [field]: { before: before[field as keyof typeof before], after: value },
      vatConfirmedAt: { before: before.vatConfirmedAt!.toISOString(), after: null },
    });
    const admins = textOf(await (await open(adminPageOf(club.id), admin.cookie)).text());
    expect(admins).toContain("The moms status is waiting for your confirmation.");
  });
});

describe("the bookings that waited for the confirmation", () => {
  let waitingClub: Awaited<ReturnType<typeof createTestPartner>>;
  let clubMember: TestAccount;

  beforeAll(async () => {
    waitingClub = await createTestPartner(db(), "Waiting Rowing Club");
    clubMember = await createAccount(site, { role: "partner", partnerId: waitingClub.id });
  });

  /** A team's place, as a booking made before the partner's billing was ready left it. */
  async function place(eventId: string, teamName: string, status: "confirmed" | "waitlisted" | "cancelled") {
    const [registration] = await db()
      .insert(teamRegistrations)
      .values({
        eventId,
        userId: booker.id,
        teamName,
        company: "Nordlys ApS",
        status,
        billingCompany: "Nordlys ApS",
        billingAddressLine: "Vesterbrogade 12",
        billingPostalCode: "1620",
        billingCity: "København V",
        cvr: "35954716",
        billingEmail: "bogholderi@nordlys.example",
      })
      .returning();
    return registration!;
  }

  const documentsOf = (registrationId: string) =>
    db().select().from(invoices).where(eq(invoices.registrationId, registrationId));

  it("are invoiced when an admin confirms, and mailed; none for a started event, a free one or a waitlisted team", async () => {
    const upcoming = await createTestEvent(db(), waitingClub.id, { priceMinor: 400_000, maxTeams: 1 });
    const second = await createTestEvent(db(), waitingClub.id, { priceMinor: 300_000 });
    const started = await createTestEvent(db(), waitingClub.id, {
      now: new Date(Date.now() - 30 * 24 * 60 * 60 * 1000 - 60 * 60 * 1000),
      endsAt: new Date(Date.now() + 6 * 60 * 60 * 1000),
    });
    const free = await createTestEvent(db(), waitingClub.id, { priceMinor: 0 });
    const booked = await place(upcoming.id, "Early Birds", "confirmed");
    const alsoBooked = await place(second.id, "Second Boat", "confirmed");
    const waiting = await place(upcoming.id, "On The List", "waitlisted");
    const cancelled = await place(second.id, "Called Off", "cancelled");
    const onTheWater = await place(started.id, "Already Rowing", "confirmed");
    const freePlace = await place(free.id, "Free Rowers", "confirmed");

    // The member fills in the billing details; nothing is invoiced before the confirmation.
    const saved = await postForm(
      site,
      pageOf(waitingClub.id),
      billingForm({ legalName: "Waiting Rowing Club", vatStatus: "registered", invoicePrefix: "WRC-" }),
      clubMember.cookie,
    );
    expect(saved.status).toBe(303);
    expect(await documentsOf(booked.id)).toEqual([]);
    await outbox.deliver();
    outbox.sent.length = 0;

    const response = await postForm(
      site,
      adminPageOf(waitingClub.id),
      confirmForm((await profileOf(waitingClub.id))!),
      admin.cookie,
    );
    expect(response.status).toBe(303);

    const [invoice, ...more] = await documentsOf(booked.id);
    expect(more).toEqual([]);
    expect(invoice).toMatchObject({
      kind: "invoice",
      purpose: "booking",
      number: "WRC-0001",
      sellerPartnerId: waitingClub.id,
      eventId: upcoming.id,
      bookerUserId: booker.id,
      netMinor: 400_000,
      vatMinor: 100_000,
      grossMinor: 500_000,
    });
    expect((await documentsOf(alsoBooked.id)).map((document) => document.number)).toEqual(["WRC-0002"]);
    for (const registration of [waiting, cancelled, onTheWater, freePlace]) {
      expect(await documentsOf(registration.id), registration.teamName).toEqual([]);
    }

    // Each invoice goes to the booker and to the buyer's finance address.
    const mails = (await outbox.deliver()).filter((mail) => mail.subject.startsWith("Invoice WRC-"));
    expect(mails.map((mail) => `${mail.to} ${mail.subject}`).sort()).toEqual(
      [
        `${booker.email} Invoice WRC-0001 from Waiting Rowing Club`,
        `${booker.email} Invoice WRC-0002 from Waiting Rowing Club`,
        "bogholderi@nordlys.example Invoice WRC-0001 from Waiting Rowing Club",
        "bogholderi@nordlys.example Invoice WRC-0002 from Waiting Rowing Club",
      ].sort(),
    );
  });

  it("are invoiced once: issuing again finds nothing left to invoice", async () => {
    const issued = await db().transaction((tx) =>
      issueMissingInvoices(tx, site.jobs, { partnerId: waitingClub.id, now: new Date() }),
    );
    expect(issued).toEqual([]);
    const all = await db().select().from(invoices).where(eq(invoices.sellerPartnerId, waitingClub.id));
    expect(all.map((document) => document.number).sort()).toEqual(["WRC-0001", "WRC-0002"]);
  });
});
