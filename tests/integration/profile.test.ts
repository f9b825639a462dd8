import { count, eq, or } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  accounts,
  events,
  outboxEmails,
  partnerMembers,
  partners,
  profiles,
  sessions,
  teamRegistrations,
  users,
  verifications,
} from "#server/db/schema";
import { cookiesFrom, createAccount, postForm, type TestAccount } from "../support/accounts";
import { createTestSite, type TestSite } from "../support/http-app";
import { followToast } from "../support/toast";

let site: TestSite;

beforeAll(async () => {
  site = await createTestSite();
});

afterAll(async () => {
  await site?.close();
});

const PAGE = "/dashboard/profile";
const DATA = "/dashboard/profile/data.json";

/** `cookie` after the browser applied a response's Set-Cookie headers, deletions included. */
function applyCookies(cookie: string, response: Response): string {
  const jar = new Map<string, string>();
  const nameOf = (pair: string) => pair.slice(0, pair.indexOf("="));
  for (const pair of cookie.split("; ").filter(Boolean)) jar.set(nameOf(pair), pair);
  for (const header of response.headers.getSetCookie()) {
    const pair = header.split(";")[0] ?? "";
    if (pair.endsWith("=") || /max-age=0/i.test(header)) jar.delete(nameOf(pair));
    else jar.set(nameOf(pair), pair);
  }
  return [...jar.values()].join("; ");
}

const open = (path: string, cookie?: string) =>
  site.request(path, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });

async function countRows(
  table: typeof sessions | typeof accounts | typeof teamRegistrations | typeof partnerMembers,
  userId: string,
) {
  const [row] = await site.database.db.select({ n: count() }).from(table).where(eq(table.userId, userId));
  return row?.n ?? 0;
}

async function signsIn(email: string, password: string) {
  const response = await postForm(site, "/login", { email, password });
  return response.status === 302;
}

/** A confirmed registration of `account` for the first sample event. */
async function registerTeam(account: TestAccount, teamName: string) {
  const [event] = await site.database.db.select({ id: events.id, title: events.title }).from(events).limit(1);
  if (!event) throw new Error("The sample content has no event.");
  await site.database.db.insert(teamRegistrations).values({
    eventId: event.id,
    userId: account.id,
    teamName,
    company: `${teamName} A/S`,
    status: "confirmed",
    billingEmail: `billing@${teamName.toLowerCase()}.example`,
    captainName: `${teamName} Captain`,
    roster: [{ name: `${teamName} Rower` }],
    notes: `${teamName} notes`,
  });
  return event;
}

describe("access", () => {
  it.each(["user", "partner", "admin"] as const)("opens for the %s role", async (role) => {
    const account = await createAccount(site, { role, firstName: "Ingrid", lastName: `As ${role}` });
    const response = await open(PAGE, account.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("no-store");
    const html = await response.text();
    expect(html).toContain("<title>Profile | Rethink Corporate Life</title>");
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).toContain(account.email);
    expect(html).toContain(`value="As ${role}"`);
    expect(html).toContain("Delete my account");
  });

  it("rejects a form it does not know", async () => {
    const account = await createAccount(site);
    const response = await postForm(site, PAGE, { intent: "promote" }, account.cookie);
    expect(response.status).toBe(400);
  });
});

describe("editing the profile", () => {
  it("saves names and company, keeps better-auth's name in step and shows the new values", async () => {
    const account = await createAccount(site);
    const response = await postForm(
      site,
      PAGE,
      { intent: "profile", firstName: "  Karen ", lastName: "Blixen", company: "Rungstedlund" },
      account.cookie,
    );
    expect(response.headers.get("location")).toBe(PAGE);
    const { html } = await followToast(site, response, account.cookie);
    expect(html).toContain("Your profile has been saved.");
    expect(html).toContain('value="Karen"');
    expect(html).toContain('value="Rungstedlund"');

    const [profile] = await site.database.db.select().from(profiles).where(eq(profiles.userId, account.id));
    expect(profile).toMatchObject({ firstName: "Karen", lastName: "Blixen", company: "Rungstedlund" });
    const [user] = await site.database.db.select().from(users).where(eq(users.id, account.id));
    expect(user?.name).toBe("Karen Blixen");

    const cleared = await postForm(
      site,
      PAGE,
      { intent: "profile", firstName: "Karen", lastName: "Blixen", company: " " },
      account.cookie,
    );
    expect(cleared.status).toBe(303);
    const [after] = await site.database.db.select().from(profiles).where(eq(profiles.userId, account.id));
    expect(after?.company).toBeNull();
  });

  it.each([
    ["firstName", { firstName: " " }, "First name is required"],
    ["lastName", { lastName: "" }, "Last name is required"],
    ["company", { company: "x".repeat(201) }, "Please keep this under 200 characters"],
  ])("rejects a bad %s with 400, the message and the typed values", async (_field, change, message) => {
    const account = await createAccount(site, { firstName: "Original", lastName: "Name" });
    const fields = {
      intent: "profile",
      firstName: "Typed",
      lastName: "Values",
      company: "Typed Co",
      ...change,
    };
    const response = await postForm(site, PAGE, fields, account.cookie);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(message);
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain(`value="${fields.company}"`);
    expect(html).toContain(`value="${fields.lastName}"`);
    const [profile] = await site.database.db.select().from(profiles).where(eq(profiles.userId, account.id));
    expect(profile).toMatchObject({ firstName: "Original", lastName: "Name", company: null });
  });
});

describe("changing the password", () => {
  it("needs the right current password and changes nothing otherwise", async () => {
    const account = await createAccount(site);
    const response = await postForm(
      site,
      PAGE,
      {
        intent: "password",
        currentPassword: "not-my-password",
        newPassword: "a-new-password",
        confirmPassword: "a-new-password",
      },
      account.cookie,
    );
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Your current password is not correct.");
    expect(html).not.toContain("not-my-password");
    expect(html).not.toContain("a-new-password");
    expect(await signsIn(account.email, account.password)).toBe(true);
    expect(await signsIn(account.email, "a-new-password")).toBe(false);
  });

  it.each([
    [{ currentPassword: "" }, "Please enter your current password"],
    [{ newPassword: "short", confirmPassword: "short" }, "Password must be at least 8 characters"],
    [{ confirmPassword: "something-else" }, "Passwords do not match"],
  ])("validates with the form's messages", async (change, message) => {
    const account = await createAccount(site);
    const fields = {
      intent: "password",
      currentPassword: account.password,
      newPassword: "a-new-password",
      confirmPassword: "a-new-password",
      ...change,
    };
    const response = await postForm(site, PAGE, fields, account.cookie);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(message);
    expect(await signsIn(account.email, account.password)).toBe(true);
  });

  it("changes it, keeps this browser signed in and ends every other session", async () => {
    const account = await createAccount(site);
    const other = await site.auth.api.signInEmail({
      body: { email: account.email, password: account.password },
      returnHeaders: true,
    });
    const otherCookie = other.headers
      .getSetCookie()
      .map((value) => value.split(";")[0])
      .join("; ");
    expect((await open(PAGE, otherCookie)).status).toBe(200);

    const response = await postForm(
      site,
      PAGE,
      {
        intent: "password",
        currentPassword: account.password,
        newPassword: "a-brand-new-password",
        confirmPassword: "a-brand-new-password",
      },
      account.cookie,
    );
    expect(response.headers.get("location")).toBe(PAGE);
    expect(cookiesFrom(response)).toContain("session_token");
    const { page: landing, html: landingHtml } = await followToast(site, response, account.cookie);
    expect(landing.status).toBe(200);
    expect(landingHtml).toContain("Your password has been changed.");
    expect((await open(PAGE, otherCookie)).status).toBe(302);
    expect(await countRows(sessions, account.id)).toBe(1);
    expect(await signsIn(account.email, "a-brand-new-password")).toBe(true);
    expect(await signsIn(account.email, account.password)).toBe(false);
  });

  it("hands the new session cookie to a browser that submits with JavaScript", async () => {
    const account = await createAccount(site);
    const response = await postForm(
      site,
      `${PAGE}.data`,
      {
        intent: "password",
        currentPassword: account.password,
        newPassword: "a-scripted-password",
        confirmPassword: "a-scripted-password",
      },
      account.cookie,
    );
    expect(response.status).toBeLessThan(400);
    expect(await response.text()).toContain('"/dashboard/profile"');
    expect(response.headers.getSetCookie().some((header) => header.startsWith("rcl_flash="))).toBe(true);
    const cookie = applyCookies(account.cookie, response);
    expect(cookie).not.toBe(account.cookie);
    expect((await open(PAGE, cookie)).status).toBe(200);
  });
});

describe("downloading my data", () => {
  it("gives the viewer's own data as a JSON attachment, without secrets or other people", async () => {
    const [partner] = await site.database.db.select().from(partners).limit(1);
    const account = await createAccount(site, {
      role: "partner",
      firstName: "Export",
      lastName: "Person",
      partnerId: partner!.id,
    });
    const stranger = await createAccount(site, { firstName: "Stranger", lastName: "Danger" });
    const event = await registerTeam(account, "Oarsome");
    await registerTeam(stranger, "Strangers");

    const response = await open(DATA, account.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="[^"]+\.json"$/);
    expect(response.headers.get("cache-control")).toContain("no-store");
    const text = await response.text();
    const body = JSON.parse(text) as {
      account: { id: string; email: string; emailVerified: boolean; createdAt: string };
      profile: { firstName: string; lastName: string; company: string | null; role: string };
      partnerMemberships: { partner: string }[];
      teamRegistrations: {
        teamName: string;
        event: { title: string; startsAt: string };
        captain: { name: string };
        roster: { name: string }[];
        notes: string;
      }[];
      sessions: Record<string, unknown>[];
    };
    expect(body.account).toMatchObject({ id: account.id, email: account.email, emailVerified: true });
    expect(body.profile).toEqual({ firstName: "Export", lastName: "Person", company: null, role: "partner" });
    expect(body.partnerMemberships).toEqual([expect.objectContaining({ partner: partner!.name })]);
    expect(body.teamRegistrations).toHaveLength(1);
    expect(body.teamRegistrations[0]).toMatchObject({
      teamName: "Oarsome",
      event: { title: event.title },
      captain: { name: "Oarsome Captain" },
      roster: [{ name: "Oarsome Rower" }],
      notes: "Oarsome notes",
    });
    expect(body.sessions.length).toBeGreaterThan(0);
    for (const session of body.sessions) {
      expect(Object.keys(session).sort()).toEqual(["createdAt", "expiresAt", "ipAddress", "userAgent"]);
    }

    const secrets = await site.database.db
      .select({ token: sessions.token })
      .from(sessions)
      .where(or(eq(sessions.userId, account.id), eq(sessions.userId, stranger.id)));
    const [credential] = await site.database.db
      .select({ password: accounts.password })
      .from(accounts)
      .where(eq(accounts.userId, account.id));
    expect(secrets.length).toBeGreaterThan(1);
    for (const { token } of secrets) expect(text).not.toContain(token);
    expect(credential?.password).toBeTruthy();
    expect(text).not.toContain(credential!.password!);
    expect(text).not.toMatch(/"(password|token)"/i);
    expect(text).not.toContain(stranger.email);
    expect(text).not.toContain(stranger.id);
    expect(text).not.toContain("Strangers");
  });
});

describe("deleting the account", () => {
  it("needs the account's own email address and deletes nothing otherwise", async () => {
    const account = await createAccount(site);
    const response = await postForm(
      site,
      PAGE,
      { intent: "delete", confirmEmail: "someone.else@example.dk", password: account.password },
      account.cookie,
    );
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Type your email address exactly to confirm");
    expect(html).toContain('value="someone.else@example.dk"');
    expect(html).not.toContain(account.password);
    const [user] = await site.database.db.select().from(users).where(eq(users.id, account.id));
    expect(user).toBeDefined();
    expect(await countRows(sessions, account.id)).toBe(1);
    expect((await open(PAGE, account.cookie)).status).toBe(200);
  });

  it("removes the person's data, ends their sessions and leaves other people alone", async () => {
    const [partner] = await site.database.db.select().from(partners).limit(1);
    const account = await createAccount(site, { role: "partner", partnerId: partner!.id });
    const bystander = await createAccount(site, { role: "partner", partnerId: partner!.id });
    await registerTeam(account, "Leaving");
    await registerTeam(bystander, "Staying");
    const second = await site.auth.api.signInEmail({
      body: { email: account.email, password: account.password },
      returnHeaders: true,
    });
    expect(second.headers.getSetCookie().length).toBeGreaterThan(0);
    // A pending reset link and a mail in the outbox, for both people.
    for (const person of [account, bystander]) {
      expect((await postForm(site, "/forgot-password", { email: person.email })).status).toBe(200);
    }
    const [pendingReset] = await site.database.db
      .select({ n: count() })
      .from(verifications)
      .where(eq(verifications.value, account.id));
    expect(pendingReset?.n).toBe(1);
    await site.runDueJobs();
    const bystanderMail = await site.database.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.to, bystander.email));
    expect(bystanderMail.length).toBeGreaterThan(0);

    const response = await postForm(
      site,
      PAGE,
      { intent: "delete", confirmEmail: ` ${account.email.toUpperCase()} `, password: account.password },
      account.cookie,
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/");
    const setCookies = response.headers.getSetCookie();
    expect(
      setCookies.some((value) => /session_token=;/.test(value) || /session_token=.*max-age=0/i.test(value)),
    ).toBe(true);

    const { db } = site.database;
    expect(await db.select().from(users).where(eq(users.id, account.id))).toEqual([]);
    expect(await db.select().from(profiles).where(eq(profiles.userId, account.id))).toEqual([]);
    for (const table of [sessions, accounts, teamRegistrations, partnerMembers] as const) {
      expect(await countRows(table, account.id)).toBe(0);
    }
    expect(await db.select().from(verifications).where(eq(verifications.value, account.id))).toEqual([]);
    expect(await db.select().from(outboxEmails).where(eq(outboxEmails.to, account.email))).toEqual([]);

    expect(await db.select().from(users).where(eq(users.id, bystander.id))).toHaveLength(1);
    expect(await db.select().from(profiles).where(eq(profiles.userId, bystander.id))).toHaveLength(1);
    for (const table of [sessions, accounts, teamRegistrations, partnerMembers] as const) {
      expect(await countRows(table, bystander.id)).toBe(1);
    }
    expect(await db.select().from(verifications).where(eq(verifications.value, bystander.id))).toHaveLength(
      1,
    );
    expect(await db.select().from(outboxEmails).where(eq(outboxEmails.to, bystander.email))).toEqual(
      bystanderMail,
    );
    expect((await open(PAGE, bystander.cookie)).status).toBe(200);

    const dashboard = await open("/dashboard", account.cookie);
    expect(dashboard.status).toBe(302);
    expect(dashboard.headers.get("location")).toMatch(/^\/login/);
    expect(await signsIn(account.email, account.password)).toBe(false);

    const home = await site.request("/", { headers: { Cookie: applyCookies("", response) } });
    expect(await home.text()).toContain("account-deleted");
  });
});
