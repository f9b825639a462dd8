import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inquiries, partnerApplications, siteSettings } from "#server/db/schema";
import type { Mail } from "#server/email/mailer";
import { SITE_SETTINGS_DEFAULTS } from "#server/settings/defaults";
import { createAccount, postForm, type TestAccount } from "../support/accounts";
import { createTestEvent } from "../support/events";
import { createTestSite, type TestSite } from "../support/http-app";
import { recordingJobs } from "../support/jobs";
import { createTestPartner } from "../support/partners";

// A database that was migrated but never seeded, as a deployment's first start leaves it:
// no site settings row until an admin saves the settings. The site works with the
// defaults (server/settings/defaults.ts) meanwhile.

let site: TestSite;
let outbox: ReturnType<typeof recordingJobs>;
let admin: TestAccount;

const db = () => site.database.db;
const INBOX = SITE_SETTINGS_DEFAULTS.contactInboxEmail;

beforeAll(async () => {
  site = await createTestSite({ seed: false, trustProxy: true });
  outbox = recordingJobs(site.database);
  admin = await createAccount(site, { role: "admin" });
});
afterAll(async () => {
  await site?.background.settled();
  await site?.close();
});

/** Every mail sent to `to` since the last call (the recorder keeps all it has sent). */
let seen = 0;
async function newMailsTo(to: string): Promise<Mail[]> {
  const sent = await outbox.deliver();
  const fresh = sent.slice(seen);
  seen = sent.length;
  return fresh.filter((mail) => mail.to === to);
}

it("has no site settings row", async () => {
  expect(await db().select().from(siteSettings)).toEqual([]);
});

describe("the public forms", () => {
  it("take a contact message and send it to the default inbox", async () => {
    const response = await postForm(site, "/contact", {
      name: "Lars Holm",
      email: "lars@nordhavn.example",
      company: "",
      subject: "Rowing day before the settings",
      message: "Could you organise a rowing day for 40 people?",
    });
    expect(response.status).toBe(303);
    const [stored] = await db().select({ n: count() }).from(inquiries);
    expect(stored?.n).toBe(1);
    const subjects = (await newMailsTo(INBOX)).map((mail) => mail.subject);
    expect(subjects).toEqual(["Contact form: Rowing day before the settings"]);
  });

  it("tell the default inbox of a partner application, and the applicant may reply to it", async () => {
    const response = await postForm(site, "/partners/apply", {
      organizationName: "Unseeded Rowing Club",
      organizationType: "rowing_club",
      location: "Aarhus",
      website: "",
      contactName: "Ida Holm",
      email: "ida@unseeded-club.example",
      phone: "",
      description: "A rowing club by the harbour with twelve boats.",
      message: "We would like to host corporate events.",
    });
    expect(response.status).toBe(303);
    expect(await db().select().from(partnerApplications)).toHaveLength(1);
    const fromSeen = seen;
    expect((await newMailsTo(INBOX)).map((mail) => mail.subject)).toEqual([
      "Partner application: Unseeded Rowing Club",
    ]);
    const acknowledgement = (await outbox.deliver())
      .slice(fromSeen)
      .find((mail) => mail.to === "ida@unseeded-club.example");
    expect(acknowledgement?.replyTo).toBe(INBOX);
  });

  it("send an inquiry for a partner without an address of its own to the default inbox", async () => {
    const club = await createTestPartner(db(), "Addressless Roklub", { email: "" });
    const response = await postForm(site, `/partners/${club.slug}/inquire`, {
      name: "Karen Holm",
      email: "karen@company.example",
      company: "",
      message: "Could you host our team in June?",
      preferredDate: "",
      groupSize: "",
    });
    expect(response.status).toBe(303);
    const subjects = (await newMailsTo(INBOX)).map((mail) => mail.subject);
    expect(subjects).toEqual(["New inquiry through Rethink Corporate Life: Karen Holm"]);
  });
});

describe("the pages", () => {
  it.each(["/", "/events", "/partners", "/contact", "/about", "/terms", "/privacy", "/da/contact"])(
    "%s answers 200",
    async (path) => {
      const response = await site.request(path);
      expect(response.status).toBe(200);
    },
  );

  it("show an event without terms of its own under the default terms, in each language", async () => {
    const club = await createTestPartner(db(), "Terms Roklub");
    const event = await createTestEvent(db(), club.id, { cancellationTerms: null });
    const english = await (await site.request(`/events/${event.slug}`)).text();
    expect(english).toContain(SITE_SETTINGS_DEFAULTS.defaultCancellationTerms.replaceAll("'", "&#x27;"));
    const danish = await (await site.request(`/da/events/${event.slug}`)).text();
    expect(danish).toContain(SITE_SETTINGS_DEFAULTS.defaultCancellationTermsDa);
  });

  it("give the admin the settings form filled with what the site runs with", async () => {
    const response = await site.request("/dashboard/admin/settings", { headers: { Cookie: admin.cookie } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`value="${INBOX}"`);
    expect(html).toContain(`value="${SITE_SETTINGS_DEFAULTS.invoicePrefix}"`);
    expect(html).toContain(`value="${SITE_SETTINGS_DEFAULTS.legalName}"`);
  });
});
