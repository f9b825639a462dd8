import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inquiries, partners, profiles } from "#server/db/schema";
import { createAccount, postForm, type TestAccount } from "../support/accounts";
import { createTestSite, TEST_BASE_URL, type TestSite } from "../support/http-app";

// Requests no page of the site sends, answered with a 4xx and a message, never a 500.
let site: TestSite;
let account: TestAccount;
let admin: TestAccount;
let partner: TestAccount;

beforeAll(async () => {
  site = await createTestSite({ trustProxy: true });
  account = await createAccount(site);
  admin = await createAccount(site, { role: "admin" });
  const [club] = await site.database.db.select({ id: partners.id }).from(partners).limit(1);
  partner = await createAccount(site, { role: "partner", partnerId: club!.id });
});

afterAll(async () => {
  await site?.close();
});

const ACTIONS = [
  "/contact",
  "/partners/apply",
  "/partners/frankfurter-rg-germania/inquire",
  "/login",
  "/signup",
  "/forgot-password",
  "/reset-password?token=abc",
  "/dashboard/profile",
  "/events/riverside-team-racing/register",
];

function post(path: string, body: BodyInit, headers: Record<string, string>) {
  return site.request(path, {
    method: "POST",
    headers: { Origin: TEST_BASE_URL, Cookie: account.cookie, ...headers },
    body,
    redirect: "manual",
  });
}

async function storedInquiries() {
  const [row] = await site.database.db.select({ n: count() }).from(inquiries);
  return row?.n ?? 0;
}

describe("a body that is not a form", () => {
  it.each(ACTIONS)("gets 400 with a message from %s", async (path) => {
    const response = await post(path, JSON.stringify({ name: "Mette", email: "mette@example.dk" }), {
      "Content-Type": "application/json",
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("The form could not be read.");
  });

  it("gets 400 when the multipart body is broken", async () => {
    const response = await post("/contact", "--nothing-here", {
      "Content-Type": "multipart/form-data; boundary=missing",
    });
    expect(response.status).toBe(400);
  });

  it("gets 413 when it is larger than any form of the site", async () => {
    const response = await post("/contact", `message=${"a".repeat(1024 * 1024 + 1)}`, {
      "Content-Type": "application/x-www-form-urlencoded",
    });
    expect(response.status).toBe(413);
    expect(await response.text()).toBe("This request is too large.");
  });
});

describe("form-library controls no page of the site posts", () => {
  const message = {
    name: "Mette Holm",
    email: "mette@fjord-logistics.example",
    subject: "Team day",
    message: "We would like to book a team day on the harbour.",
  };

  it.each([
    ["a check request", { __intent__: JSON.stringify({ type: "validate", payload: {} }) }],
    ["a forged control", { __intent__: "not json" }],
    ["a list position no form has", { "roster[99999999].name": "Rower" }],
  ])("refuses %s with 400 and sends nothing", async (_name, extra) => {
    const before = await storedInquiries();
    const response = await postForm(site, "/contact", { ...message, ...extra });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("The form could not be read");
    expect(await storedInquiries()).toBe(before);
  });
});

describe("a NUL character, which PostgreSQL cannot store", () => {
  it("is refused in a form with 400, and nothing is stored", async () => {
    const before = await storedInquiries();
    const response = await postForm(site, "/contact", {
      name: "Mette\u0000Holm",
      email: "mette@fjord-logistics.example",
      message: "We would like to book a team day on the harbour.",
    });
    expect(response.status).toBe(400);
    expect(await storedInquiries()).toBe(before);
  });

  it("is refused in the profile form, and the name is unchanged", async () => {
    const response = await postForm(
      site,
      "/dashboard/profile",
      { intent: "profile", firstName: "Ea\u0000", lastName: "Jensen", company: "" },
      account.cookie,
    );
    expect(response.status).toBe(400);
    const [profile] = await site.database.db
      .select({ firstName: profiles.firstName })
      .from(profiles)
      .where(eq(profiles.userId, account.id));
    expect(profile?.firstName).toBe("Test");
  });

  it("is refused in a public page's query with 400 and a plain message", async () => {
    const response = await site.request("/events?q=river%00side");
    expect(response.status).toBe(400);
    expect(await response.text()).toBe("This web address contains a character the site does not accept.");
  });

  it("is refused in a Danish page's address in Danish", async () => {
    const response = await site.request("/da/events/x%00y");
    expect(response.status).toBe(400);
    expect(await response.text()).toBe("Denne webadresse indeholder et tegn, som sitet ikke accepterer.");
  });

  // Before the host refused it, each of these reached PostgreSQL, which failed the page with 500.
  it.each([
    ["a partner", "partner", "/dashboard/partner/registrations?q=x%00y"],
    ["an admin", "admin", "/dashboard/partner/registrations?q=x%00y"],
    ["an admin", "admin", "/dashboard/admin/users/x%00y"],
    ["an admin", "admin", "/dashboard/admin/users/x%00y.data"],
    ["an admin", "admin", "/dashboard/admin/users?q=x&x%00=1"],
  ] as const)("is refused for %s signed in at %s %s with 400", async (_who, role, path) => {
    const cookie = role === "admin" ? admin.cookie : partner.cookie;
    const response = await site.request(path, { headers: { Cookie: cookie } });
    expect(response.status).toBe(400);
    expect(await response.text()).toBe("This web address contains a character the site does not accept.");
  });

  it("is refused in a form's address before the form is read, and nothing is stored", async () => {
    const before = await storedInquiries();
    const response = await postForm(site, "/contact?x=%00", {
      name: "Mette Holm",
      email: "mette@fjord-logistics.example",
      subject: "Team day",
      message: "We would like to book a team day on the harbour.",
    });
    expect(response.status).toBe(400);
    expect(await storedInquiries()).toBe(before);
  });

  it("leaves an escaped %00, which is text, to the page", async () => {
    const response = await site.request("/events?q=%2500");
    expect(response.status).toBe(200);
  });
});

describe("an email address longer than any real one", () => {
  const longEmail = `${"x".repeat(3000)}@example.dk`;

  it.each(["/login", "/signup"])("gets the field's message on %s", async (path) => {
    const response = await postForm(site, path, {
      email: longEmail,
      password: "correct-horse-battery",
      confirmPassword: "correct-horse-battery",
      firstName: "Ea",
      lastName: "Jensen",
      acceptTerms: "on",
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Please enter a valid email address");
  });
});
