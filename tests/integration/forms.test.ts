import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inquiries, outboxEmails, partnerApplications } from "#server/db/schema";
import { createTestSite, TEST_BASE_URL, type TestSite } from "../support/http-app";

let site: TestSite;

beforeAll(async () => {
  site = await createTestSite({ trustProxy: true });
});

afterAll(async () => {
  await site?.close();
});

let nextIp = 1;
/** Posts a form as a browser without JavaScript would, from its own client address. */
async function post(path: string, fields: Record<string, string>, ip = `203.0.113.${nextIp++}`) {
  const response = await site.request(path, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Forwarded-For": ip,
      Origin: TEST_BASE_URL,
    },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

async function rowCount(table: typeof inquiries | typeof partnerApplications) {
  const [row] = await site.database.db.select({ n: count() }).from(table);
  return row?.n ?? 0;
}

const validContact = {
  name: "Mette Holm",
  email: "mette@fjord-logistics.example",
  company: "Fjord Logistics",
  subject: "Team day for 40 people",
  message: "We would like to book a rowing day for our sales team in August.",
  website: "",
};

describe("/contact", () => {
  it("shows the form with labelled fields and the contact details from settings", async () => {
    const response = await site.request("/contact");
    const body = await response.text();
    expect(response.status).toBe(200);
    for (const label of ["Name", "Email", "Company", "Subject", "Message"]) {
      expect(body).toMatch(new RegExp(`<label for="[^"]+"[^>]*>${label}`));
    }
    expect(body).toContain("hello@rethinkcorporatelife.dk");
  });

  it("stores the message and mails it to the site's contact address", async () => {
    const before = await rowCount(inquiries);
    const { status, headers } = await post("/contact", validContact);
    expect(status).toBe(303);
    expect(headers.get("location")).toBe("/contact");
    // The page it leads back to shows the toast, with an empty form.
    const landing = await site.request("/contact", {
      headers: { Cookie: headers.getSetCookie()[0]!.split(";")[0]! },
    });
    const body = await landing.text();
    expect(body).toContain("Your message has been sent");
    expect(body).not.toContain("Team day for 40 people");
    expect(await rowCount(inquiries)).toBe(before + 1);
    await site.runDueJobs();
    const [mail] = await site.database.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.subject, "Contact form: Team day for 40 people"));
    expect(mail?.to).toBe("hello@rethinkcorporatelife.dk");
    expect(mail?.text).toContain("We would like to book a rowing day");
    expect(mail?.html).toContain("<table");
  });

  it.each([
    ["name", { name: "" }, "Please enter your name"],
    ["email", { email: "not-an-email" }, "Please enter a valid email address"],
    ["subject", { subject: "  " }, "Please enter a subject"],
    ["message", { message: "Too short" }, "Please write a message of at least 10 characters"],
    ["message", { message: "x".repeat(5001) }, "Please keep your message under 5000 characters"],
  ])("rejects a bad %s with 400, its message and the typed values", async (_field, change, message) => {
    const before = await rowCount(inquiries);
    const { status, body } = await post("/contact", { ...validContact, ...change });
    expect(status).toBe(400);
    expect(body).toContain(message);
    expect(body).toContain('aria-invalid="true"');
    expect(body).toContain('value="Fjord Logistics"');
    expect(await rowCount(inquiries)).toBe(before);
  });

  it("answers a filled honeypot like a success but stores nothing", async () => {
    const before = await rowCount(inquiries);
    const { status } = await post("/contact", { ...validContact, website: "http://spam.example" });
    expect(status).toBe(303);
    expect(await rowCount(inquiries)).toBe(before);
  });

  it("limits one address to five messages an hour, keeping what was typed", async () => {
    const ip = "198.51.100.7";
    for (let i = 0; i < 5; i += 1) expect((await post("/contact", validContact, ip)).status).toBe(303);
    const before = await rowCount(inquiries);
    const limited = await post("/contact", validContact, ip);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited.body).toContain("You have sent several messages in a short time");
    expect(limited.body).toContain("Team day for 40 people");
    expect(await rowCount(inquiries)).toBe(before);
    // Another address is not affected.
    expect((await post("/contact", validContact, "198.51.100.8")).status).toBe(303);
  });
});

const validApplication = {
  organizationName: "Aarhus Roklub",
  organizationType: "rowing_club",
  location: "Aarhus, Denmark",
  website: "https://aarhus-roklub.example/",
  contactName: "Jens Møller",
  email: "jens@aarhus-roklub.example",
  phone: "+45 86 12 34 56",
  description: "A rowing club on the Aarhus bay with eights, coaches and a boathouse for 80 guests.",
  message: "We want to offer corporate regattas to companies in Jutland.",
};

describe("/partners/apply", () => {
  it("stores a pending application and shows the confirmation page", async () => {
    const { status, headers } = await post("/partners/apply", validApplication);
    expect(status).toBe(303);
    expect(headers.get("location")).toBe("/partners/apply/submitted");
    const [row] = await site.database.db
      .select()
      .from(partnerApplications)
      .where(eq(partnerApplications.organizationName, "Aarhus Roklub"));
    expect(row).toMatchObject({
      status: "pending",
      organizationType: "rowing_club",
      website: "aarhus-roklub.example",
    });
    const confirmation = await site.request("/partners/apply/submitted");
    expect(confirmation.status).toBe(200);
    expect(await confirmation.text()).toContain("Thank you for applying!");
  });

  it("mails the applicant an acknowledgement saying what happens next", async () => {
    const email = "acknowledged@silkeborg-roklub.example";
    const { status } = await post("/partners/apply", {
      ...validApplication,
      organizationName: "Silkeborg Roklub",
      contactName: "Mette Kjær",
      email,
    });
    expect(status).toBe(303);
    await site.runDueJobs();
    const mails = await site.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, email));
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.subject).toBe("We have received your application for Silkeborg Roklub");
    for (const body of [mail!.text, mail!.html]) {
      expect(body).toContain("Mette Kjær");
      expect(body).toContain("Silkeborg Roklub");
      expect(body).toContain("within five working days");
    }
  });

  it.each([
    ["organizationName", { organizationName: "" }, "Please enter your organisation&#x27;s name"],
    ["organizationType", { organizationType: "castle" }, "Please choose the type of organisation"],
    ["location", { location: "" }, "Please enter where you are based"],
    ["website", { website: "not a website" }, "Please enter a website such as yourclub.dk"],
    ["contactName", { contactName: "" }, "Please enter a contact person"],
    ["email", { email: "jens@" }, "Please enter a valid email address"],
    ["phone", { phone: "call me" }, "Please enter a valid phone number"],
    ["description", { description: "Short" }, "Please describe your organisation in at least 20 characters"],
    [
      "message",
      { message: "Hi" },
      "Please tell us why you want to partner with RCL (at least 10 characters)",
    ],
  ])("rejects a bad %s with 400 and keeps the typed values", async (_field, change, message) => {
    const before = await rowCount(partnerApplications);
    const { status, body } = await post("/partners/apply", { ...validApplication, ...change });
    expect(status).toBe(400);
    expect(body).toContain(message);
    // Everything else the visitor typed comes back in the form.
    for (const [name, value] of Object.entries(validApplication)) {
      if (name in change || name === "organizationType") continue;
      expect(body).toContain(value);
    }
    expect(await rowCount(partnerApplications)).toBe(before);
  });
});

describe("/partners/apply spam resistance", () => {
  it("answers a filled honeypot with the confirmation but stores nothing", async () => {
    const before = await rowCount(partnerApplications);
    const { status, headers } = await post("/partners/apply", {
      ...validApplication,
      organizationName: "Honeypot Roklub",
      homepage: "http://spam.example",
    });
    expect(status).toBe(303);
    expect(headers.get("location")).toBe("/partners/apply/submitted");
    expect(await rowCount(partnerApplications)).toBe(before);
    await site.runDueJobs();
    expect(
      await site.database.db
        .select()
        .from(outboxEmails)
        .where(eq(outboxEmails.subject, "We have received your application for Honeypot Roklub")),
    ).toEqual([]);
  });

  it("limits one address to five applications an hour, keeping what was typed", async () => {
    const ip = "198.51.100.99";
    for (let i = 0; i < 5; i += 1)
      expect((await post("/partners/apply", validApplication, ip)).status).toBe(303);
    const before = await rowCount(partnerApplications);
    const limited = await post("/partners/apply", validApplication, ip);
    expect(limited.status).toBe(429);
    expect(limited.body).toContain("You have sent several applications in a short time");
    expect(limited.body).toContain("Aarhus Roklub");
    expect(await rowCount(partnerApplications)).toBe(before);
  });
});
