import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, profiles, siteSettings } from "#server/db/schema";
import type { Mail } from "#server/email/mailer";
import { sampleSiteSettings } from "#server/db/seed/sample-content";
import { createAccount, postForm, type TestAccount } from "../support/accounts";
import { createTestSite, type TestSite } from "../support/http-app";
import { recordingJobs } from "../support/jobs";
import { createTestPartner } from "../support/partners";
import { siteSettingsForm } from "../support/site-settings";
import { followToast } from "../support/toast";

// The admin's site settings (issue 12): the form and each of its rules, the public pages
// showing a saved value on the next request, the contact inbox receiving the site's
// messages (who may save them: authorization/admin-settings.test.ts). The tests share the
// one settings row and run in order.

let site: TestSite;
let outbox: ReturnType<typeof recordingJobs>;
const people = {} as Record<"admin" | "danishAdmin", TestAccount>;

const db = () => site.database.db;
const SETTINGS = "/dashboard/admin/settings";

beforeAll(async () => {
  site = await createTestSite({ trustProxy: true });
  outbox = recordingJobs(site.database);
  people.admin = await createAccount(site, { role: "admin", firstName: "Arne" });
});
afterAll(async () => {
  await site?.background.settled();
  await site?.close();
});

async function settingsRow() {
  const [row] = await db().select().from(siteSettings).where(eq(siteSettings.id, 1));
  return row;
}

const settingsAudit = () =>
  db()
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, "settings.update"))
    .orderBy(desc(auditLog.createdAt));

const page = (path: string, account?: TestAccount) =>
  site.request(path, { headers: account ? { Cookie: account.cookie } : {}, redirect: "manual" });

const mailsTo = async (to: string): Promise<Mail[]> =>
  (await outbox.deliver()).filter((mail) => mail.to === to);

describe("the settings page", () => {
  it("shows an admin the form with every stored setting", async () => {
    const response = await page(SETTINGS, people.admin);
    expect(response.status).toBe(200);
    const html = await response.text();
    for (const label of [
      "Contact email",
      "Contact phone",
      "Address",
      "Postal code",
      "City",
      "CVR number",
      "Facebook page",
      "Instagram page",
      "LinkedIn page",
      "Default cancellation terms",
      "Contact inbox",
      "Legal name",
      "Bank registration number",
      "Account number",
      "FI creditor number",
      "Invoice number prefix",
      "Payment terms in days",
      "Invoice email",
    ]) {
      expect(html).toMatch(new RegExp(`<label for="[^"]+"[^>]*>${label}`));
    }
    expect(html).toContain(`value="${sampleSiteSettings.contactPhone}"`);
    expect(html).toContain(`value="${sampleSiteSettings.companyRegistrationNumber}"`);
    expect(html).toContain(`value="${sampleSiteSettings.bankAccount}"`);
    expect(html).toContain(`value="${sampleSiteSettings.invoicePrefix}"`);
  });
});

describe("the form's rules", () => {
  it.each([
    ["contactEmail", "", "Please enter the contact email shown on the site"],
    ["contactEmail", "hello@", "Please enter a valid email address, such as hello@example.dk"],
    ["contactInboxEmail", "", "Please enter the address that receives contact-form messages"],
    ["contactInboxEmail", "inbox.example.dk", "Please enter a valid email address, such as hello@example.dk"],
    ["contactPhone", "", "Please enter the contact phone number"],
    ["contactPhone", "call us", "Please enter a phone number such as +45 33 12 45 78"],
    ["addressLine", "  ", "Please enter the street address"],
    ["postalCode", "", "Please enter the postal code"],
    ["postalCode", "29000", "Please enter a Danish postal code of 4 digits, such as 2900"],
    ["city", "", "Please enter the city"],
    ["companyRegistrationNumber", "", "Please enter the CVR number"],
    ["companyRegistrationNumber", "1234567", "Please enter the CVR number as 8 digits, such as 43218778"],
    ["companyRegistrationNumber", "1234567A", "Please enter the CVR number as 8 digits, such as 43218778"],
    ["companyRegistrationNumber", "43218779", "This is not a valid CVR number; please check the digits"],
    [
      "facebookUrl",
      "http://www.facebook.com/rethinkcorporatelife",
      "Please enter an https link to the Facebook page, such as https://www.facebook.com/rethinkcorporatelife",
    ],
    [
      "instagramUrl",
      "https://www.example.com/rcl",
      "Please enter an https link to the Instagram page, such as https://www.instagram.com/rethinkcorporatelife",
    ],
    [
      "linkedinUrl",
      "javascript:alert(1)",
      "Please enter an https link to the LinkedIn page, such as https://www.linkedin.com/rethinkcorporatelife",
    ],
    ["defaultCancellationTerms", "", "Please enter the default cancellation terms"],
    ["defaultCancellationTermsDa", " ", "Please enter the default cancellation terms in Danish"],
  ])("refuses %s = %j with 400 and its message, keeping what was typed", async (field, value, message) => {
    const before = await settingsRow();
    const auditBefore = (await settingsAudit()).length;
    const form = { ...siteSettingsForm(), city: "Typed City", [field]: value };
    if (field === "city") form.addressLine = "Typed Street 1";
    const response = await postForm(site, SETTINGS, form, people.admin.cookie);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(message);
    expect(html).toContain(field === "city" ? 'value="Typed Street 1"' : 'value="Typed City"');
    expect(await settingsRow()).toEqual(before);
    expect(await settingsAudit()).toHaveLength(auditBefore);
  });
});

describe("the rules of RCL's billing details", () => {
  beforeAll(async () => {
    people.danishAdmin = await createAccount(site, { role: "admin", firstName: "Dorthe" });
    await db().update(profiles).set({ language: "da" }).where(eq(profiles.userId, people.danishAdmin.id));
    people.danishAdmin.cookie = `${people.danishAdmin.cookie}; lang=da`;
  });

  it.each([
    [
      "companyRegistrationNumber",
      "43218779",
      "This is not a valid CVR number; please check the digits",
      "Det er ikke et gyldigt CVR-nummer; tjek cifrene",
    ],
    ["legalName", "", "Please enter the legal name", "Indtast det juridiske navn"],
    ["bankRegistration", "", "Please enter the bank registration number", "Indtast reg.nr."],
    [
      "bankRegistration",
      "53011",
      "Please enter the bank registration number as 4 digits, such as 1551",
      "Indtast reg.nr. som 4 cifre, fx 1551",
    ],
    ["bankAccount", "", "Please enter the account number", "Indtast kontonummeret"],
    [
      "bankAccount",
      "06123456789",
      "Please enter the account number as at most 10 digits",
      "Indtast kontonummeret med højst 10 cifre",
    ],
    [
      "fiCreditorNumber",
      "8765432",
      "Please enter the FI creditor number as 8 digits, or leave it empty",
      "Indtast FI-kreditornummeret som 8 cifre, eller lad feltet stå tomt",
    ],
    [
      "invoicePrefix",
      "RCL_",
      "Please use at most 12 capital letters, digits and hyphens, such as KR-",
      "Brug højst 12 store bogstaver, tal og bindestreger, fx KR-",
    ],
    [
      "invoicePrefix",
      "RETHINKCORPORATE",
      "Please use at most 12 capital letters, digits and hyphens, such as KR-",
      "Brug højst 12 store bogstaver, tal og bindestreger, fx KR-",
    ],
    [
      "paymentTermsDays",
      "",
      "Please enter the payment terms in days",
      "Indtast betalingsbetingelserne i dage",
    ],
    [
      "paymentTermsDays",
      "120",
      "Please enter a whole number of days from 0 to 90",
      "Indtast et helt antal dage fra 0 til 90",
    ],
    [
      "invoiceEmail",
      "faktura@",
      "Please enter the invoice email address, such as faktura@example.dk",
      "Indtast faktura-e-mailadressen, fx faktura@example.dk",
    ],
  ])(
    "refuses %s = %j with 400 and its message in English and Danish, keeping what was typed",
    async (field, value, english, danish) => {
      const before = await settingsRow();
      const auditBefore = (await settingsAudit()).length;
      const form = { ...siteSettingsForm(), city: "Typed City", [field]: value };
      for (const [account, message] of [
        [people.admin, english],
        [people.danishAdmin, danish],
      ] as const) {
        const response = await postForm(site, SETTINGS, form, account.cookie);
        expect(response.status).toBe(400);
        const html = await response.text();
        expect(html).toContain(message);
        expect(html).toContain('value="Typed City"');
        expect(html).toContain(`value="${value}"`);
      }
      expect(await settingsRow()).toEqual(before);
      expect(await settingsAudit()).toHaveLength(auditBefore);
    },
  );
});

describe("saving", () => {
  it("stores the settings, records each changed field and shows them on the public pages at once", async () => {
    const before = await settingsRow();
    const form = {
      ...siteSettingsForm(),
      contactEmail: "team@rcl-settings.example",
      contactPhone: "+45 70 20 30 40",
      addressLine: "Havnegade 5",
      postalCode: "1058",
      city: "København K",
      companyRegistrationNumber: "DK 12 34 56 74",
      facebookUrl: "",
      instagramUrl: "https://instagram.com/rcl-new",
      defaultCancellationTerms: "Cancel up to 14 days before the event at no cost.",
      defaultCancellationTermsDa: "Afbestil gratis op til 14 dage før arrangementet.",
      contactInboxEmail: "inbox@rcl-settings.example",
      bankAccount: "0612 345 679",
      fiCreditorNumber: "",
      invoicePrefix: "rcl26-",
      paymentTermsDays: "30",
    };
    const response = await postForm(site, SETTINGS, form, people.admin.cookie);
    expect(response.headers.get("location")).toBe(SETTINGS);
    const { html } = await followToast(site, response, people.admin.cookie);
    expect(html).toContain("The site settings are saved. The public pages show them now.");
    expect(html).toContain('value="+45 70 20 30 40"');

    const after = await settingsRow();
    expect(after).toMatchObject({
      contactEmail: "team@rcl-settings.example",
      contactPhone: "+45 70 20 30 40",
      facebookUrl: null,
      instagramUrl: "https://instagram.com/rcl-new",
      contactInboxEmail: "inbox@rcl-settings.example",
      companyRegistrationNumber: "12345674",
      bankAccount: "0612345679",
      fiCreditorNumber: null,
      invoicePrefix: "RCL26-",
      paymentTermsDays: 30,
    });
    expect(after!.updatedAt.getTime()).toBeGreaterThan(before!.updatedAt.getTime());

    const [audit] = await settingsAudit();
    expect(audit).toMatchObject({ entityType: "site_settings", actorEmail: people.admin.email });
    expect(audit?.changes).toEqual({
      contactEmail: { before: before!.contactEmail, after: "team@rcl-settings.example" },
      contactPhone: { before: before!.contactPhone, after: "+45 70 20 30 40" },
      addressLine: { before: before!.addressLine, after: "Havnegade 5" },
      postalCode: { before: before!.postalCode, after: "1058" },
      city: { before: before!.city, after: "København K" },
      companyRegistrationNumber: { before: before!.companyRegistrationNumber, after: "12345674" },
      facebookUrl: { before: before!.facebookUrl, after: null },
      instagramUrl: { before: before!.instagramUrl, after: "https://instagram.com/rcl-new" },
      defaultCancellationTerms: {
        before: before!.defaultCancellationTerms,
        after: "Cancel up to 14 days before the event at no cost.",
      },
      defaultCancellationTermsDa: {
        before: before!.defaultCancellationTermsDa,
        after: "Afbestil gratis op til 14 dage før arrangementet.",
      },
      contactInboxEmail: { before: before!.contactInboxEmail, after: "inbox@rcl-settings.example" },
      bankAccount: { before: before!.bankAccount, after: "0612345679" },
      fiCreditorNumber: { before: before!.fiCreditorNumber, after: null },
      invoicePrefix: { before: before!.invoicePrefix, after: "RCL26-" },
      paymentTermsDays: { before: before!.paymentTermsDays, after: 30 },
    });

    // The footer of the home page, on the very next request.
    // React marks where text and values meet with empty comments.
    const home = (await (await site.request("/")).text()).replaceAll("<!-- -->", "");
    const footer = home.slice(home.indexOf("<footer"));
    expect(footer).toContain("+45 70 20 30 40");
    expect(footer).toContain("team@rcl-settings.example");
    expect(footer).toContain("Havnegade 5, 1058 København K, Denmark");
    expect(footer).toContain("CVR 12345674");
    expect(footer).toContain('href="https://instagram.com/rcl-new"');
    expect(footer).not.toContain("facebook.com");
    expect(footer).not.toContain(sampleSiteSettings.contactPhone);
    // The inbox is not published, not even in the page's data.
    expect(home).not.toContain("inbox@rcl-settings.example");

    for (const path of ["/privacy", "/terms"]) {
      const legal = (await (await site.request(path)).text()).replaceAll("<!-- -->", "");
      expect(legal).toContain("team@rcl-settings.example");
      expect(legal).toContain("12345674");
      expect(legal).toContain("+45 70 20 30 40");
      expect(legal).not.toContain(sampleSiteSettings.contactEmail);
    }

    // An event without terms of its own shows the new default.
    const event = await (await site.request("/events/riverside-team-racing")).text();
    expect(event).toContain("Cancel up to 14 days before the event at no cost.");
  });

  it("writes nothing when nothing changed", async () => {
    const row = await settingsRow();
    const auditBefore = (await settingsAudit()).length;
    const form = {
      contactEmail: row!.contactEmail,
      contactPhone: row!.contactPhone,
      addressLine: row!.addressLine,
      postalCode: row!.postalCode,
      city: row!.city,
      companyRegistrationNumber: row!.companyRegistrationNumber,
      facebookUrl: row!.facebookUrl ?? "",
      instagramUrl: row!.instagramUrl ?? "",
      linkedinUrl: row!.linkedinUrl ?? "",
      defaultCancellationTerms: row!.defaultCancellationTerms,
      defaultCancellationTermsDa: row!.defaultCancellationTermsDa,
      contactInboxEmail: row!.contactInboxEmail,
      legalName: row!.legalName,
      bankRegistration: row!.bankRegistration,
      bankAccount: row!.bankAccount,
      fiCreditorNumber: row!.fiCreditorNumber ?? "",
      invoicePrefix: row!.invoicePrefix,
      paymentTermsDays: String(row!.paymentTermsDays),
      invoiceEmail: row!.invoiceEmail,
    };
    const response = await postForm(site, SETTINGS, form, people.admin.cookie);
    expect(response.status).toBe(303);
    expect(await settingsRow()).toEqual(row);
    expect(await settingsAudit()).toHaveLength(auditBefore);
  });
});

describe("the contact inbox", () => {
  it("receives contact-form messages, partner applications and inquiries to partners without an address", async () => {
    const inbox = "messages@rcl-inbox.example";
    const saved = await postForm(
      site,
      SETTINGS,
      { ...siteSettingsForm(), contactEmail: "public@rcl-inbox.example", contactInboxEmail: inbox },
      people.admin.cookie,
    );
    expect(saved.status).toBe(303);

    const contact = await postForm(site, "/contact", {
      name: "Lars Holm",
      email: "lars@nordhavn.example",
      company: "",
      subject: "Rowing day for the inbox",
      message: "Could you organise a rowing day for 40 people?",
    });
    expect(contact.status).toBe(303);

    const application = await postForm(site, "/partners/apply", {
      organizationName: "Inbox Rowing Club",
      organizationType: "rowing_club",
      location: "Aarhus",
      website: "",
      contactName: "Ida Inbox",
      email: "ida@inbox-club.example",
      phone: "",
      description: "A rowing club by the harbour with twelve boats.",
      message: "We would like to host corporate events.",
    });
    expect(application.status).toBe(303);

    const silentClub = await createTestPartner(db(), "Silent Roklub", { email: "" });
    const inquiry = await postForm(site, `/partners/${silentClub.slug}/inquire`, {
      name: "Karen Inbox",
      email: "karen@company.example",
      company: "",
      message: "Could you host our team in June?",
      preferredDate: "",
      groupSize: "",
    });
    expect(inquiry.status).toBe(303);

    // The queue does not promise the mails' order.
    const subjects = (await mailsTo(inbox)).map((mail) => mail.subject).sort();
    expect(subjects).toEqual([
      "Contact form: Rowing day for the inbox",
      "New inquiry through Rethink Corporate Life: Karen Inbox",
      "Partner application: Inbox Rowing Club",
    ]);
    expect(await mailsTo("public@rcl-inbox.example")).toHaveLength(0);
  });

  it("tells the inbox why it gets an inquiry to a partner without an address", async () => {
    const silentClub = await createTestPartner(db(), "Quiet Roklub", { email: "" });
    const inquiry = await postForm(site, `/partners/${silentClub.slug}/inquire`, {
      name: "Ole Inbox",
      email: "ole@company.example",
      company: "",
      message: "Could you host our team in August?",
      preferredDate: "",
      groupSize: "",
    });
    expect(inquiry.status).toBe(303);
    const [mail] = (await outbox.deliver()).filter((sent) => sent.subject.endsWith("Ole Inbox"));
    expect(mail?.text).toContain("You get this mail because this address receives the site's forms.");
    expect(mail?.text).not.toContain("contact address of Quiet Roklub");
  });
});
