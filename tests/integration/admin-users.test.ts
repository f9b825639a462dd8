import { randomUUID } from "node:crypto";
import { and, count, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "#server/auth/actor";
import { auditLog, partnerMembers, profiles, sessions, teamRegistrations, users } from "#server/db/schema";
import { changeUserRole } from "#server/users/change-user-role";
import { deleteUser } from "#server/users/delete-user";
import { disableUser } from "#server/users/disable-user";
import { usersCountQuery, usersPageQuery } from "#server/users/queries";
import { loadBenchData } from "#server/db/load-bench-data";
import {
  cookiesFrom,
  createAccount,
  lastMailTo,
  linkIn,
  postForm,
  type TestAccount,
} from "../support/accounts";
import { refusalOf } from "../support/event-publishing";
import { createTestEvent } from "../support/events";
import { createTestSite, TEST_BASE_URL, type TestSite } from "../support/http-app";
import { createTestPartner } from "../support/partners";
import { planOf } from "../support/query-plan";
import { followToast } from "../support/toast";

// Issue 12, the admin's users pages: the list and its filters, each action on a person
// with its audit row, the rules that keep an admin on the site, and the sign-in of a
// disabled account. Requests go through HTTP as the pages send them.

const LIST = "/dashboard/admin/users";
const personPath = (id: string) => `${LIST}/${id}`;

let site: TestSite;
let admin: TestAccount;
let club: Awaited<ReturnType<typeof createTestPartner>>;

const db = () => site.database.db;

beforeAll(async () => {
  site = await createTestSite({ trustProxy: true });
  club = await createTestPartner(db(), "Users Test Roklub");
  admin = await createAccount(site, { role: "admin", firstName: "Anna", lastName: "Admin" });
});

afterAll(async () => {
  await site?.background.settled();
  await site?.close();
});

let stored = 0;
/** A person stored directly (no password, no session), verified unless told otherwise. */
async function storePerson({
  role = "user",
  verified = true,
  firstName = "Stored",
  lastName = "Person",
  company = null,
  email,
  createdAt,
}: {
  role?: "user" | "partner" | "admin";
  verified?: boolean;
  firstName?: string;
  lastName?: string;
  company?: string | null;
  email?: string;
  createdAt?: Date;
} = {}) {
  stored += 1;
  const id = `admin-users-${stored}-${randomUUID()}`;
  const address = email ?? `stored-${stored}-${randomUUID().slice(0, 8)}@users.example`;
  await db()
    .insert(users)
    .values({ id, name: `${firstName} ${lastName}`, email: address, emailVerified: verified, createdAt });
  await db().insert(profiles).values({ userId: id, firstName, lastName, company, role });
  return { id, email: address };
}

const page = (path: string, cookie?: string) =>
  site.request(path, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });

async function html(path: string, cookie = admin.cookie) {
  const response = await page(path, cookie);
  expect(response.status).toBe(200);
  return response.text();
}

const profileRow = async (userId: string) =>
  (await db().select().from(profiles).where(eq(profiles.userId, userId)))[0];

const userRow = async (userId: string) => (await db().select().from(users).where(eq(users.id, userId)))[0];

const membershipsOf = (userId: string) =>
  db().select().from(partnerMembers).where(eq(partnerMembers.userId, userId));

const sessionCount = async (userId: string) =>
  (await db().select({ n: count() }).from(sessions).where(eq(sessions.userId, userId)))[0]!.n;

/** Everything an action on the person could change, for "nothing changed" checks. */
const snapshot = async (userId: string) => ({
  user: await userRow(userId),
  profile: await profileRow(userId),
  memberships: await membershipsOf(userId),
  sessions: await sessionCount(userId),
});

const auditRows = (userId: string, action: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, userId), eq(auditLog.action, action)))
    .orderBy(desc(auditLog.createdAt));

const act = (userId: string, fields: Record<string, string>, cookie = admin.cookie) =>
  postForm(site, personPath(userId), fields, cookie);

describe("an unknown person", () => {
  it("answers 404 for an unknown person, on the page and for an action", async () => {
    expect((await page(personPath("no-such-person"), admin.cookie)).status).toBe(404);
    const response = await act("no-such-person", { intent: "role", role: "admin" });
    expect(response.status).toBe(404);
    expect((await page(personPath(randomUUID()), admin.cookie)).status).toBe(404);
  });
});

describe("the list", () => {
  it("searches by name, email and company, with typed wildcards taken literally", async () => {
    const quist = await storePerson({ firstName: "Zebulon", lastName: "Quist", company: "Harbour Freight" });
    const byMail = await storePerson({ email: `marguerite.${randomUUID().slice(0, 6)}@quillon.example` });
    const byCompany = await storePerson({ company: "Vesterbro 100% Logistics" });

    const byName = await html(`${LIST}?q=${encodeURIComponent("zebulon quist")}`);
    expect(byName).toContain(quist.email);
    expect(byName).not.toContain(byMail.email);

    const email = await html(`${LIST}?q=quillon.example`);
    expect(email).toContain(byMail.email);
    expect(email).not.toContain(quist.email);

    const company = await html(`${LIST}?q=${encodeURIComponent("harbour freight")}`);
    expect(company).toContain(quist.email);
    expect(company).toContain("Harbour Freight");

    const literal = await html(`${LIST}?q=${encodeURIComponent("100%")}`);
    expect(literal).toContain(byCompany.email);
    const wildcard = await html(`${LIST}?q=${encodeURIComponent("%")}`);
    expect(wildcard).toContain(byCompany.email);
    expect(wildcard).not.toContain(quist.email);

    const none = await html(`${LIST}?q=nobody-has-this-name`);
    expect(none).toContain("Nobody matches this search.");
  });

  it("filters by role and by status, and shows each person's columns", async () => {
    const company = `Filter Co ${randomUUID().slice(0, 6)}`;
    const plain = await storePerson({ company });
    const member = await storePerson({ company, role: "partner" });
    await db().insert(partnerMembers).values({ partnerId: club.id, userId: member.id });
    const unverified = await storePerson({ company, verified: false });
    await db().update(profiles).set({ disabledAt: new Date() }).where(eq(profiles.userId, unverified.id));
    const q = `q=${encodeURIComponent(company)}`;

    const partners = await html(`${LIST}?${q}&role=partner`);
    expect(partners).toContain(member.email);
    expect(partners).toContain(club.name);
    expect(partners).not.toContain(plain.email);

    const disabled = await html(`${LIST}?${q}&status=disabled`);
    expect(disabled).toContain(unverified.email);
    expect(disabled).not.toContain(plain.email);
    expect(disabled).toContain("Disabled");

    const active = await html(`${LIST}?${q}&status=active`);
    expect(active).toContain(plain.email);
    expect(active).toContain(member.email);
    expect(active).not.toContain(unverified.email);

    const all = await html(`${LIST}?${q}&role=bogus&status=bogus`);
    for (const person of [plain, member, unverified]) expect(all).toContain(person.email);
    for (const column of ["Name", "Email", "Company", "Role", "Partners", "Verified", "Status", "Joined"]) {
      expect(all).toContain(`>${column}</th>`);
    }
  });

  it("pages 25 people at a time, newest first, keeping the search", async () => {
    const company = `Paginated ${randomUUID().slice(0, 6)}`;
    const start = Date.UTC(2024, 0, 1);
    const people: { id: string; email: string }[] = [];
    for (let index = 0; index < 26; index += 1) {
      people.push(await storePerson({ company, createdAt: new Date(start + index * 60_000) }));
    }
    const q = `q=${encodeURIComponent(company)}`;
    const first = await html(`${LIST}?${q}`);
    const shown = (text: string) => people.filter((person) => text.includes(person.email));
    expect(shown(first)).toHaveLength(25);
    expect(first).not.toContain(people[0]!.email);
    // React separates the figures from the words with empty comments.
    expect(first.replaceAll("<!-- -->", "")).toContain("Page 1 of 2 (26 in all)");
    expect(first).toMatch(/href="\/dashboard\/admin\/users\?q=Paginated[^"]*&amp;page=2"/);
    const second = await html(`${LIST}?${q}&page=2`);
    expect(shown(second).map((person) => person.email)).toEqual([people[0]!.email]);
  });
});

describe("a person's page", () => {
  it("shows the account, their bookings and the partners they act for", async () => {
    const booker = await storePerson({
      role: "partner",
      firstName: "Bodil",
      lastName: "Booker",
      company: "Bodil ApS",
    });
    await db().insert(partnerMembers).values({ partnerId: club.id, userId: booker.id });
    const event = await createTestEvent(db(), club.id, { title: "Admin Users Regatta" });
    const [booking] = await db()
      .insert(teamRegistrations)
      .values({
        eventId: event.id,
        userId: booker.id,
        teamName: "Bodil's Eight",
        company: "Bodil ApS",
        status: "confirmed",
      })
      .returning();
    const text = await html(personPath(booker.id));
    for (const expected of [
      "Bodil Booker",
      booker.email,
      "Bodil ApS",
      "Admin Users Regatta",
      "Bodil&#x27;s Eight",
      booking!.reference,
      `href="/dashboard/partner/registrations/${booking!.id}"`,
      `href="/dashboard/admin/partners/${club.id}"`,
      "Confirmed",
    ]) {
      expect(text).toContain(expected);
    }
    // Disabling and deleting are asked first by buttons, whose GET forms open the question without JavaScript.
    for (const question of ["disable", "delete"]) {
      expect(text).toContain(`action="${personPath(booker.id)}#confirm-${question}" method="get"`);
      expect(text).toMatch(new RegExp(`<button type="submit" value="${question}"[^>]*name="confirm">`));
    }
  });

  it("offers neither disabling nor deleting on the admin's own page", async () => {
    const text = await html(personPath(admin.id));
    expect(text).toContain("This is your own account");
    expect(text).not.toContain("Disable account");
    expect(text).not.toContain("Delete account");
  });
});

describe("changing the role", () => {
  it("changes it, with an audit row", async () => {
    const person = await storePerson();
    const response = await act(person.id, { intent: "role", role: "partner" });
    const { html: after } = await followToast(site, response, admin.cookie);
    expect(response.headers.get("location")).toBe(personPath(person.id));
    expect(after).toContain("The role has been changed.");
    expect((await profileRow(person.id))?.role).toBe("partner");
    const [audit] = await auditRows(person.id, "user.change_role");
    expect(audit).toMatchObject({
      entityType: "user",
      actorUserId: admin.id,
      actorEmail: admin.email,
      changes: { role: { before: "user", after: "partner" } },
    });
  });

  it("refuses a role that does not exist with 400 and the field's message", async () => {
    const person = await storePerson();
    const before = await snapshot(person.id);
    const response = await act(person.id, { intent: "role", role: "superuser" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Please choose a role");
    expect(await snapshot(person.id)).toEqual(before);
  });
});

describe("linking to a partner", () => {
  it("adds the membership, makes a user a partner and mails them; unlinking undoes both", async () => {
    const person = await createAccount(site, { firstName: "Linus", lastName: "Link" });
    const text = await html(personPath(person.id));
    expect(text).toContain("linking makes them a partner in the same step");

    const response = await act(person.id, { intent: "link", partnerId: club.id });
    expect((await followToast(site, response, admin.cookie)).html).toContain(
      "The person now acts for the partner.",
    );
    expect((await membershipsOf(person.id)).map((row) => row.partnerId)).toEqual([club.id]);
    expect((await profileRow(person.id))?.role).toBe("partner");
    const [linked] = await auditRows(person.id, "user.link_partner");
    expect(linked).toMatchObject({
      entityType: "user",
      partnerId: club.id,
      changes: { role: { before: "user", after: "partner" } },
    });
    const mail = await lastMailTo(
      site,
      person.email,
      `You can now manage ${club.name} on Rethink Corporate Life`,
    );
    expect(mail?.text).toContain(club.name);

    const again = await act(person.id, { intent: "link", partnerId: club.id });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("already acts for");

    const unlinked = await act(person.id, { intent: "unlink", partnerId: club.id });
    expect((await followToast(site, unlinked, admin.cookie)).html).toContain(
      "The person no longer acts for the partner.",
    );
    expect(await membershipsOf(person.id)).toEqual([]);
    expect((await profileRow(person.id))?.role).toBe("user");
    const [unlinkAudit] = await auditRows(person.id, "user.unlink_partner");
    expect(unlinkAudit).toMatchObject({
      partnerId: club.id,
      changes: { role: { before: "partner", after: "user" } },
    });
  });

  it("keeps an admin an admin", async () => {
    const person = await storePerson({ role: "admin" });
    await followToast(site, await act(person.id, { intent: "link", partnerId: club.id }), admin.cookie);
    expect((await profileRow(person.id))?.role).toBe("admin");
    await followToast(site, await act(person.id, { intent: "unlink", partnerId: club.id }), admin.cookie);
    expect((await profileRow(person.id))?.role).toBe("admin");
    expect(await membershipsOf(person.id)).toEqual([]);
  });

  it("refuses a partner that does not exist, or a membership there is not", async () => {
    const person = await storePerson();
    const before = await snapshot(person.id);
    expect((await act(person.id, { intent: "link", partnerId: randomUUID() })).status).toBe(404);
    expect((await act(person.id, { intent: "unlink", partnerId: club.id })).status).toBe(404);
    const invalid = await act(person.id, { intent: "link", partnerId: "" });
    expect(invalid.status).toBe(400);
    expect(await invalid.text()).toContain("Please choose a partner");
    expect(await snapshot(person.id)).toEqual(before);
  });
});

describe("disabling an account", () => {
  it("ends its sessions, refuses its sign-in with a clear message, and re-enabling restores it", async () => {
    const person = await createAccount(site, { firstName: "Dora", lastName: "Disabled" });
    expect((await page("/dashboard", person.cookie)).status).toBe(200);

    const response = await act(person.id, { intent: "disable" });
    expect((await followToast(site, response, admin.cookie)).html).toContain(
      "The account is disabled and its sessions have ended.",
    );
    expect((await profileRow(person.id))?.disabledAt).toBeInstanceOf(Date);
    expect(await sessionCount(person.id)).toBe(0);
    const [audit] = await auditRows(person.id, "user.disable");
    expect(audit?.summary).toContain("1 session ended");
    expect(audit?.changes.disabledAt?.before).toBeNull();

    const old = await page("/dashboard", person.cookie);
    expect(old.status).toBe(302);
    expect(old.headers.get("location")).toBe("/login?redirectTo=%2Fdashboard");

    const signIn = await postForm(site, "/login", { email: person.email, password: person.password });
    expect(signIn.status).toBe(403);
    expect(await signIn.text()).toContain("This account has been disabled. Contact RCL");
    expect(cookiesFrom(signIn)).not.toContain("session_token");
    expect(await sessionCount(person.id)).toBe(0);
    // The wrong password says what it always says: nothing about the account.
    const wrong = await postForm(site, "/login", { email: person.email, password: "not-the-password" });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).not.toContain("has been disabled");

    expect((await act(person.id, { intent: "disable" })).status).toBe(409);

    const enabled = await act(person.id, { intent: "enable" });
    expect((await followToast(site, enabled, admin.cookie)).html).toContain("The account can sign in again.");
    expect((await profileRow(person.id))?.disabledAt).toBeNull();
    expect(await auditRows(person.id, "user.enable")).toHaveLength(1);
    const again = await postForm(site, "/login", { email: person.email, password: person.password });
    expect(again.status).toBe(302);
    expect(cookiesFrom(again)).toContain("session_token");
    expect((await page("/dashboard", cookiesFrom(again))).status).toBe(200);

    expect((await act(person.id, { intent: "enable" })).status).toBe(409);
  });

  it("treats a session that outlived the disabling as signed out", async () => {
    const person = await createAccount(site, { firstName: "Sven", lastName: "Session" });
    await db().update(profiles).set({ disabledAt: new Date() }).where(eq(profiles.userId, person.id));
    expect(await sessionCount(person.id)).toBe(1);
    const response = await page("/dashboard", person.cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toContain("/login");
  });

  it("refuses an admin disabling or deleting their own account, changing nothing", async () => {
    const before = await snapshot(admin.id);
    expect((await act(admin.id, { intent: "disable" })).status).toBe(403);
    expect((await act(admin.id, { intent: "delete", confirmEmail: admin.email })).status).toBe(403);
    expect(await snapshot(admin.id)).toEqual(before);
  });
});

describe("resending the verification mail", () => {
  it("mails a link that verifies the address, with an audit row", async () => {
    const person = await storePerson({ verified: false, firstName: "Vera" });
    const text = await html(personPath(person.id));
    expect(text).toContain("Resend verification email");

    const response = await act(person.id, { intent: "resend-verification" });
    expect((await followToast(site, response, admin.cookie)).html).toContain(
      "A new verification link has been emailed.",
    );
    expect(await auditRows(person.id, "user.resend_verification")).toHaveLength(1);
    const mail = await lastMailTo(site, person.email, "Verify your email address");
    expect(mail?.text).toContain("Please confirm your email address");
    const link = new URL(linkIn(mail!.text));
    expect(link.origin).toBe(TEST_BASE_URL);
    expect(link.pathname).toBe("/api/auth/verify-email");
    const verified = await site.request(`${link.pathname}${link.search}`, { redirect: "manual" });
    expect(verified.status).toBe(302);
    expect(verified.headers.get("location")).toBe("/dashboard");
    expect((await userRow(person.id))?.emailVerified).toBe(true);
  });

  it("verifies a disabled person's address without signing them in", async () => {
    const person = await storePerson({ verified: false, firstName: "Dormant" });
    await db().update(profiles).set({ disabledAt: new Date() }).where(eq(profiles.userId, person.id));
    await followToast(site, await act(person.id, { intent: "resend-verification" }), admin.cookie);
    const mail = await lastMailTo(site, person.email, "Verify your email address");
    const link = new URL(linkIn(mail!.text));
    const response = await site.request(`${link.pathname}${link.search}`, { redirect: "manual" });
    expect(response.status).toBe(403);
    expect(cookiesFrom(response)).not.toContain("session_token");
    expect(await sessionCount(person.id)).toBe(0);
    expect((await userRow(person.id))?.emailVerified).toBe(true);
  });

  it("refuses a verified address, sending nothing", async () => {
    const person = await storePerson({ verified: true });
    const response = await act(person.id, { intent: "resend-verification" });
    expect(response.status).toBe(409);
    expect(await response.text()).toContain("already verified");
    expect(await lastMailTo(site, person.email)).toBeNull();
    expect(await auditRows(person.id, "user.resend_verification")).toHaveLength(0);
  });
});

describe("deleting an account", () => {
  it("asks for the email address, then deletes the account and its bookings", async () => {
    const person = await createAccount(site, { firstName: "Dag", lastName: "Deleted" });
    const event = await createTestEvent(db(), club.id);
    await db().insert(teamRegistrations).values({
      eventId: event.id,
      userId: person.id,
      teamName: "Gone",
      company: "Gone A/S",
      status: "confirmed",
    });
    const before = await snapshot(person.id);

    const wrong = await act(person.id, { intent: "delete", confirmEmail: "someone@else.example" });
    expect(wrong.status).toBe(400);
    const body = await wrong.text();
    expect(body).toContain("Type the person&#x27;s email address exactly to confirm");
    expect(body).toContain("someone@else.example");
    expect(await snapshot(person.id)).toEqual(before);

    const response = await act(person.id, { intent: "delete", confirmEmail: person.email.toUpperCase() });
    expect(response.headers.get("location")).toBe(LIST);
    expect((await followToast(site, response, admin.cookie)).html).toContain(
      "The account and its personal data have been deleted.",
    );
    expect(await userRow(person.id)).toBeUndefined();
    expect(await profileRow(person.id)).toBeUndefined();
    const [left] = await db()
      .select({ n: count() })
      .from(teamRegistrations)
      .where(eq(teamRegistrations.userId, person.id));
    expect(left?.n).toBe(0);
    const [audit] = await auditRows(person.id, "user.delete");
    expect(audit).toMatchObject({ entityType: "user", actorUserId: admin.id });
    expect(audit?.summary).toContain(person.email);
    expect((await page(personPath(person.id), admin.cookie)).status).toBe(404);
  });
});

describe("the last admin", () => {
  // A site of its own: here the number of admins is what the test is about.
  let own: TestSite;
  let only: TestAccount;

  beforeAll(async () => {
    own = await createTestSite({ seed: false });
  });
  afterAll(async () => {
    await own?.background.settled();
    await own?.close();
  });

  const ownProfile = async (userId: string) =>
    (await own.database.db.select().from(profiles).where(eq(profiles.userId, userId)))[0];
  const adminActorOf = (id: string): Actor => ({ userId: id, role: "admin", partnerIds: [] });

  it("cannot be demoted, disabled or deleted, and the row stays as it was", async () => {
    only = await createAccount(own, { role: "admin", firstName: "Solo" });
    const before = await ownProfile(only.id);
    const demote = await postForm(own, personPath(only.id), { intent: "role", role: "user" }, only.cookie);
    expect(demote.status).toBe(409);
    expect(await demote.text()).toContain("is the only active admin");
    expect(await ownProfile(only.id)).toEqual(before);

    // Through the page an admin can only reach themselves, which the self rule refuses
    // first; an actor whose own admin role is gone meanwhile meets the last-admin rule.
    const stale = adminActorOf("someone-who-was-an-admin");
    const disabling = await refusalOf(disableUser(own.database, { actor: stale, userId: only.id }));
    expect(disabling.code).toBe("conflict");
    const deleting = await refusalOf(
      deleteUser(own.database, { actor: stale, userId: only.id, input: { confirmEmail: only.email } }),
    );
    expect(deleting.code).toBe("conflict");
    expect(await ownProfile(only.id)).toEqual(before);
    const [audited] = await own.database.db
      .select({ n: count() })
      .from(auditLog)
      .where(eq(auditLog.entityId, only.id));
    expect(audited?.n).toBe(0);
  });

  it("cannot delete their own account from the profile page either", async () => {
    const before = await ownProfile(only.id);
    const response = await postForm(
      own,
      "/dashboard/profile",
      { intent: "delete", confirmEmail: only.email, password: only.password },
      only.cookie,
    );
    expect(response.status).toBe(409);
    expect(await response.text()).toContain("You are the only active admin");
    expect(await ownProfile(only.id)).toEqual(before);
    // Still signed in: the refusal came before the sign-out.
    expect(
      (await own.request("/dashboard/admin", { headers: { Cookie: only.cookie }, redirect: "manual" }))
        .status,
    ).toBe(200);
  });

  it("counts only active admins", async () => {
    const dormant = await createAccount(own, { role: "admin", firstName: "Dormant" });
    await own.database.db
      .update(profiles)
      .set({ disabledAt: new Date() })
      .where(eq(profiles.userId, dormant.id));
    const refusal = await refusalOf(
      changeUserRole(own.database, {
        actor: adminActorOf(only.id),
        userId: only.id,
        input: { role: "partner" },
      }),
    );
    expect(refusal.code).toBe("conflict");
    expect((await ownProfile(only.id))?.role).toBe("admin");
  });

  it("with two admins, one may be demoted, and then the other no longer", async () => {
    const second = await createAccount(own, { role: "admin", firstName: "Second" });
    const response = await postForm(
      own,
      personPath(second.id),
      { intent: "role", role: "user" },
      only.cookie,
    );
    expect(response.status).toBe(303);
    expect((await ownProfile(second.id))?.role).toBe("user");
    const refused = await postForm(own, personPath(only.id), { intent: "role", role: "user" }, only.cookie);
    expect(refused.status).toBe(409);
    expect((await ownProfile(only.id))?.role).toBe("admin");
  });

  it("lets one of two admins demoting each other at the same moment win", async () => {
    const rival = await createAccount(own, { role: "admin", firstName: "Rival" });
    const outcomes = await Promise.allSettled([
      changeUserRole(own.database, {
        actor: adminActorOf(only.id),
        userId: rival.id,
        input: { role: "user" },
      }),
      changeUserRole(own.database, {
        actor: adminActorOf(rival.id),
        userId: only.id,
        input: { role: "user" },
      }),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    const [rejected] = outcomes.filter((outcome) => outcome.status === "rejected");
    expect((rejected as PromiseRejectedResult).reason).toMatchObject({ code: "conflict" });
    const admins = await own.database.db.select().from(profiles).where(eq(profiles.role, "admin"));
    expect(admins.filter((row) => row.disabledAt === null)).toHaveLength(1);
    // Whoever lost stays an admin: put the site back as the later tests expect it.
    await own.database.db.update(profiles).set({ role: "admin" }).where(eq(profiles.userId, only.id));
  });
});

describe("the people search plan", () => {
  beforeAll(async () => {
    // Enough people for the plan to be the one a real site gets.
    await loadBenchData(
      db(),
      { events: 10, partners: 2, users: 2_000, registrations: 10, largeEventTeams: 0 },
      { tag: "people", passwordHash: "not-a-real-hash", now: new Date() },
    );
    // Merges the trigram indexes' pending entries and refreshes statistics, as autovacuum would.
    await db().execute(sql`vacuum analyze users`);
    await db().execute(sql`vacuum analyze profiles`);
  });

  const filters = { q: "harbour", role: "all", status: "all", page: 2 } as const;

  it.each([
    ["count", () => usersCountQuery(db(), filters)],
    ["page", () => usersPageQuery(db(), filters)],
  ])("finds names, emails and companies through the trigram indexes (%s query)", async (_, query) => {
    const plan = await planOf(db(), query());
    for (const index of [
      "users_name_trgm_idx",
      "users_email_trgm_idx",
      "profiles_full_name_trgm_idx",
      "profiles_company_trgm_idx",
    ]) {
      expect(plan).toMatch(new RegExp(`Bitmap Index Scan on ${index}`));
    }
  });
});
