import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { partners, profiles } from "#server/db/schema";
import { createAccount, postForm, type TestAccount } from "../support/accounts";
import { createTestSite, type TestSite } from "../support/http-app";

let site: TestSite;
const accounts = {} as Record<"user" | "partner" | "admin", TestAccount>;

beforeAll(async () => {
  site = await createTestSite({ trustProxy: true });
  const [frankfurt] = await site.database.db
    .select({ id: partners.id })
    .from(partners)
    .where(eq(partners.slug, "frankfurter-rg-germania"));
  accounts.user = await createAccount(site, { role: "user" });
  accounts.partner = await createAccount(site, { role: "partner", partnerId: frankfurt!.id });
  accounts.admin = await createAccount(site, { role: "admin" });
});

afterAll(async () => {
  await site.close();
});

type Who = "signed-out" | "user" | "partner" | "admin";
const everyone: Who[] = ["signed-out", "user", "partner", "admin"];
const login = (path: string) => `redirect /login?redirectTo=${encodeURIComponent(path)}`;

/** What each visitor must get: a status, or a redirect and its target. */
const pages: [path: string, expected: Record<Who, string>][] = [
  [
    "/dashboard",
    {
      "signed-out": login("/dashboard"),
      user: "200",
      // The user dashboard is every signed-in person's own: partners and admins book teams too.
      partner: "200",
      admin: "200",
    },
  ],
  [
    "/dashboard/partner",
    { "signed-out": login("/dashboard/partner"), user: "redirect /dashboard", partner: "200", admin: "200" },
  ],
  [
    "/dashboard/admin",
    {
      "signed-out": login("/dashboard/admin"),
      user: "redirect /dashboard",
      partner: "redirect /dashboard",
      admin: "200",
    },
  ],
  [
    "/dashboard/profile",
    { "signed-out": login("/dashboard/profile"), user: "200", partner: "200", admin: "200" },
  ],
  ["/dashboard/profile/data.json", { "signed-out": "401", user: "200", partner: "200", admin: "200" }],
  // An area's unknown path answers with the area's rule first, so it reveals nothing.
  [
    "/dashboard/partner/registrations",
    {
      "signed-out": login("/dashboard/partner/registrations"),
      user: "redirect /dashboard",
      partner: "200",
      admin: "200",
    },
  ],
  [
    "/dashboard/partner/registrations/export.csv",
    {
      "signed-out": login("/dashboard/partner/registrations/export.csv"),
      user: "redirect /dashboard",
      partner: "200",
      admin: "200",
    },
  ],
  [
    "/dashboard/partner/analytics",
    {
      "signed-out": login("/dashboard/partner/analytics"),
      user: "redirect /dashboard",
      partner: "200",
      admin: "200",
    },
  ],
  [
    "/dashboard/partner/inquiries",
    {
      "signed-out": login("/dashboard/partner/inquiries"),
      user: "redirect /dashboard",
      partner: "200",
      admin: "200",
    },
  ],
  [
    "/dashboard/admin/users",
    {
      "signed-out": login("/dashboard/admin/users"),
      user: "redirect /dashboard",
      partner: "redirect /dashboard",
      admin: "200",
    },
  ],
  [
    "/dashboard/admin/settings",
    {
      "signed-out": login("/dashboard/admin/settings"),
      user: "redirect /dashboard",
      partner: "redirect /dashboard",
      admin: "200",
    },
  ],
  [
    "/dashboard/admin/reports",
    {
      "signed-out": login("/dashboard/admin/reports"),
      user: "redirect /dashboard",
      partner: "redirect /dashboard",
      admin: "200",
    },
  ],
  [
    "/dashboard/admin/reports/export.csv?report=monthly",
    {
      "signed-out": login("/dashboard/admin/reports/export.csv?report=monthly"),
      user: "redirect /dashboard",
      partner: "redirect /dashboard",
      admin: "200",
    },
  ],
  [
    "/dashboard/partner/no-such-page",
    {
      "signed-out": login("/dashboard/partner/no-such-page"),
      user: "redirect /dashboard",
      partner: "404",
      admin: "404",
    },
  ],
  [
    "/dashboard/admin/no-such-page",
    {
      "signed-out": login("/dashboard/admin/no-such-page"),
      user: "redirect /dashboard",
      partner: "redirect /dashboard",
      admin: "404",
    },
  ],
  [
    "/dashboard/admin/users/42/edit",
    {
      "signed-out": login("/dashboard/admin/users/42/edit"),
      user: "redirect /dashboard",
      partner: "redirect /dashboard",
      admin: "404",
    },
  ],
  [
    "/dashboard/no-such-page",
    { "signed-out": login("/dashboard/no-such-page"), user: "404", partner: "404", admin: "404" },
  ],
];

function cookieOf(who: Who): Record<string, string> {
  return who === "signed-out" ? {} : { Cookie: accounts[who].cookie };
}

function outcome(response: Response): string {
  if (response.status >= 300 && response.status < 400) return `redirect ${response.headers.get("location")}`;
  return String(response.status);
}

describe("guard matrix: pages", () => {
  for (const [path, expected] of pages) {
    it.each(everyone)(`${path} as %s`, async (who) => {
      const response = await site.request(path, { headers: cookieOf(who), redirect: "manual" });
      expect(outcome(response)).toBe(expected[who]);
    });
  }
});

describe("guard matrix: the data a client-side navigation fetches", () => {
  // React Router fetches loader data from `<path>.data`; each loader's own guard answers it.
  it.each([
    ["user", "/dashboard/admin.data"],
    ["partner", "/dashboard/admin.data"],
    ["user", "/dashboard/partner.data"],
    ["signed-out", "/dashboard.data"],
    ["user", "/dashboard/admin/no-such-page.data"],
    ["partner", "/dashboard/admin/no-such-page.data"],
    ["user", "/dashboard/partner/no-such-page.data"],
  ] as const)("%s gets no data from %s", async (who, path) => {
    const response = await site.request(path, { headers: cookieOf(who), redirect: "manual" });
    const body = await response.text();
    expect(body).toContain("redirect");
    expect(body).not.toMatch(/Events waiting for review|Fill rate|Upcoming bookings/);
  });
});

describe("guard matrix: actions", () => {
  it.each(everyone)("saving a profile as %s", async (who) => {
    const fields = { intent: "profile", firstName: "Changed", lastName: "Name", company: "" };
    const response = await postForm(
      site,
      "/dashboard/profile",
      fields,
      who === "signed-out" ? undefined : accounts[who].cookie,
    );
    if (who === "signed-out") {
      expect(outcome(response)).toBe(login("/dashboard/profile"));
      return;
    }
    expect(response.status).toBe(303);
    const [profile] = await site.database.db
      .select()
      .from(profiles)
      .where(eq(profiles.userId, accounts[who].id));
    expect(profile?.firstName).toBe("Changed");
  });

  it.each([
    [
      "/dashboard/admin/no-such-page",
      { user: "redirect /dashboard", partner: "redirect /dashboard", admin: "404" },
    ],
    ["/dashboard/partner/no-such-page", { user: "redirect /dashboard", partner: "404", admin: "404" }],
    ["/dashboard/no-such-page", { user: "404", partner: "404", admin: "404" }],
  ] as const)("posting to %s applies the area's rule first", async (path, expected) => {
    expect(outcome(await postForm(site, path, {}))).toBe(login(path));
    for (const who of ["user", "partner", "admin"] as const) {
      expect(outcome(await postForm(site, path, {}, accounts[who].cookie)), who).toBe(expected[who]);
    }
  });

  it("a signed-out profile change changes nobody's profile", async () => {
    const before = await site.database.db.select().from(profiles);
    await postForm(site, "/dashboard/profile", {
      intent: "profile",
      firstName: "Hacker",
      lastName: "X",
      company: "",
    });
    expect(await site.database.db.select().from(profiles)).toEqual(before);
  });

  it("logging out while signed out only leads to the login page", async () => {
    const response = await postForm(site, "/logout", {});
    expect(outcome(response)).toBe("redirect /login");
  });
});

describe("Register Your Team", () => {
  it("leads signed-out visitors to log in first and signed-in people straight to registration", async () => {
    const signedOut = await (await site.request("/events/riverside-team-racing")).text();
    expect(signedOut).toContain(
      `href="/login?redirectTo=${encodeURIComponent("/events/riverside-team-racing/register")}"`,
    );
    const signedIn = await (
      await site.request("/events/riverside-team-racing", { headers: cookieOf("user") })
    ).text();
    expect(signedIn).toContain('href="/events/riverside-team-racing/register"');
  });
});
