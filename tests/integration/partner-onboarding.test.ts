import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { approveApplication } from "#server/applications/approve-application";
import {
  auditLog,
  partnerApplications,
  partnerInvitations,
  partnerMembers,
  partners,
  profiles,
  users,
} from "#server/db/schema";
import { createAccount, lastMailTo, linkIn, postForm, type TestAccount } from "../support/accounts";
import { testDatabaseKind } from "../support/database";
import { createTestEvent } from "../support/events";
import { createTestSite, type TestSite } from "../support/http-app";
import { followToast } from "../support/toast";

let site: TestSite;
let admin: TestAccount;
let sequence = 0;

beforeAll(async () => {
  site = await createTestSite({ trustProxy: true });
  admin = await createAccount(site, { role: "admin", email: `admin-onboarding@rcl.example` });
});
afterAll(async () => {
  await site?.close();
});

/** A pending application, as /partners/apply stores it. */
async function apply(overrides: Partial<typeof partnerApplications.$inferInsert> = {}) {
  sequence += 1;
  const [row] = await site.database.db
    .insert(partnerApplications)
    .values({
      organizationName: `Silkeborg Roklub ${sequence}`,
      organizationType: "rowing_club",
      location: "Silkeborg",
      website: "silkeborgroklub.dk",
      contactName: "Mette Kjær Holm",
      email: `mette${sequence}@silkeborg.example`,
      phone: "+45 86 82 00 00",
      description: "Rowing on the lakes of Silkeborg since 1885, with coaches for beginners.",
      message: "We want to offer team days to companies in Midtjylland.",
      ...overrides,
    })
    .returning();
  return row!;
}

/** What the commands need, as the request context gives it. */
const deps = () => ({ db: site.database.db, jobs: site.jobs, baseUrl: site.baseUrl });

/** A page's text without the markers React puts between adjacent text parts. */
const textOf = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");

const applicationPath = (id: string) => `/dashboard/admin/partners/applications/${id}`;

async function countOf(
  table: typeof partners | typeof partnerInvitations | typeof auditLog,
  where?: ReturnType<typeof eq>,
) {
  const [row] = await site.database.db.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}

describe(`partner applications on ${testDatabaseKind}`, () => {
  it("approves an application into a live partner, an invited partner account and a membership, once", async () => {
    const application = await apply();
    const response = await postForm(
      site,
      applicationPath(application.id),
      { intent: "approve" },
      admin.cookie,
    );
    const { html } = await followToast(site, response, admin.cookie);
    expect(html).toContain("The application is approved");

    const [partner] = await site.database.db
      .select()
      .from(partners)
      .where(eq(partners.name, application.organizationName));
    expect(partner).toMatchObject({
      slug: `silkeborg-roklub-${sequence}`,
      status: "approved",
      location: "Silkeborg",
      email: application.email,
      website: "silkeborgroklub.dk",
    });
    const [person] = await site.database.db
      .select({
        id: users.id,
        verified: users.emailVerified,
        role: profiles.role,
        firstName: profiles.firstName,
        lastName: profiles.lastName,
      })
      .from(users)
      .innerJoin(profiles, eq(profiles.userId, users.id))
      .where(eq(users.email, application.email));
    expect(person).toMatchObject({
      verified: false,
      role: "partner",
      firstName: "Mette",
      lastName: "Kjær Holm",
    });
    expect(await countOf(partnerInvitations, eq(partnerInvitations.partnerId, partner!.id))).toBe(1);
    const [membership] = await site.database.db
      .select()
      .from(partnerMembers)
      .where(eq(partnerMembers.partnerId, partner!.id));
    expect(membership?.userId).toBe(person!.id);
    const [decided] = await site.database.db
      .select()
      .from(partnerApplications)
      .where(eq(partnerApplications.id, application.id));
    expect(decided).toMatchObject({ status: "approved", partnerId: partner!.id, decidedBy: admin.id });

    const mail = await lastMailTo(site, application.email);
    expect(mail?.subject).toBe(
      `You are invited to manage ${application.organizationName} on Rethink Corporate Life`,
    );
    expect(linkIn(mail!.text)).toMatch(/^https:\/\/rcl\.test\/invitations\/[\w-]{43}$/);

    const actions = await site.database.db
      .select({ action: auditLog.action, actorEmail: auditLog.actorEmail })
      .from(auditLog)
      .where(eq(auditLog.partnerId, partner!.id));
    expect(actions.map((row) => row.action).sort()).toEqual(["application.approve", "partner.add_member"]);
    expect(actions.every((row) => row.actorEmail === admin.email)).toBe(true);

    // A second approval (a double click, another admin) is refused and creates nothing.
    const partnersBefore = await countOf(partners);
    const again = await postForm(site, applicationPath(application.id), { intent: "approve" }, admin.cookie);
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("This application has already been approved.");
    expect(await countOf(partners)).toBe(partnersBefore);
    expect(await countOf(partnerInvitations, eq(partnerInvitations.partnerId, partner!.id))).toBe(1);
  });

  it("gives a partner approved from a Danish application Danish as its language, and its contact too", async () => {
    const application = await apply({
      organizationName: "Vejle Roklub",
      email: "kontakt@vejle-roklub.example",
      description: "Roning på Vejle Fjord siden 1876, med trænere til begyndere.",
      language: "da",
    });
    const actor = { userId: admin.id, role: "admin" as const, partnerIds: [] };
    const { partner } = await approveApplication(deps(), { actor, applicationId: application.id });
    expect(partner).toMatchObject({ language: "da", description: application.description });
    const [contact] = await site.database.db
      .select({ language: profiles.language })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.userId))
      .where(eq(users.email, application.email));
    // The invitation, and then the dashboards, in the language the club applied in.
    expect(contact?.language).toBe("da");
  });

  it("creates one partner when two approvals race", async () => {
    const application = await apply();
    const actor = { userId: admin.id, role: "admin" as const, partnerIds: [] };
    const results = await Promise.allSettled([
      approveApplication(deps(), { actor, applicationId: application.id }),
      approveApplication(deps(), { actor, applicationId: application.id }),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(await countOf(partners, eq(partners.name, application.organizationName))).toBe(1);
  });

  it("gives the next free slug when the name is taken", async () => {
    const first = await apply({ organizationName: "Ærø Roklub" });
    const second = await apply({ organizationName: "Ærø Roklub", email: "second@aeroe.example" });
    const actor = { userId: admin.id, role: "admin" as const, partnerIds: [] };
    const a = await approveApplication(deps(), { actor, applicationId: first.id });
    const b = await approveApplication(deps(), { actor, applicationId: second.id });
    expect([a.partner.slug, b.partner.slug]).toEqual(["aeroe-roklub", "aeroe-roklub-2"]);
  });

  it("declines with a reason that is mailed to the applicant, and asks for the reason first", async () => {
    const application = await apply();
    const missing = await postForm(
      site,
      applicationPath(application.id),
      { intent: "decline", reason: "No" },
      admin.cookie,
    );
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain("Please tell the applicant why, in at least 10 characters");
    const [still] = await site.database.db
      .select()
      .from(partnerApplications)
      .where(eq(partnerApplications.id, application.id));
    expect(still?.status).toBe("pending");

    const reason = "We only list clubs with their own boathouse for now.";
    const response = await postForm(
      site,
      applicationPath(application.id),
      { intent: "decline", reason },
      admin.cookie,
    );
    const { html } = await followToast(site, response, admin.cookie);
    expect(html).toContain("The application is declined");
    const [declined] = await site.database.db
      .select()
      .from(partnerApplications)
      .where(eq(partnerApplications.id, application.id));
    expect(declined).toMatchObject({ status: "rejected", declineReason: reason, decidedBy: admin.id });
    const mail = await lastMailTo(site, application.email);
    expect(mail?.text).toContain(reason);
    const [entry] = await site.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, application.id));
    expect(entry).toMatchObject({
      action: "application.decline",
      changes: { status: { before: "pending", after: "rejected" } },
    });

    const approveAfter = await postForm(
      site,
      applicationPath(application.id),
      { intent: "approve" },
      admin.cookie,
    );
    expect(approveAfter.status).toBe(409);
    expect(await approveAfter.text()).toContain("This application has already been declined.");
  });

  it("lists applications by status and opens one", async () => {
    const application = await apply({ organizationName: "Listed Kayak Venue" });
    const list = await site.request("/dashboard/admin/partners/applications", {
      headers: { Cookie: admin.cookie },
    });
    const html = await textOf(list);
    expect(list.status).toBe(200);
    expect(html).toContain("Listed Kayak Venue");
    expect(html).toMatch(/Pending \(\d+\)/);
    const declined = await site.request("/dashboard/admin/partners/applications?status=rejected", {
      headers: { Cookie: admin.cookie },
    });
    expect(await declined.text()).not.toContain("Listed Kayak Venue");
    const page = await site.request(applicationPath(application.id), { headers: { Cookie: admin.cookie } });
    expect(await page.text()).toContain("Approve and invite");
    const unknown = await site.request(applicationPath("00000000-0000-4000-8000-000000000000"), {
      headers: { Cookie: admin.cookie },
    });
    expect(unknown.status).toBe(404);
  });
});

describe(`invitation links on ${testDatabaseKind}`, () => {
  async function invitedContact() {
    const application = await apply();
    await postForm(site, applicationPath(application.id), { intent: "approve" }, admin.cookie);
    const mail = await lastMailTo(site, application.email);
    return { email: application.email, path: new URL(linkIn(mail!.text)).pathname };
  }

  it("sets the password, signs the person in and leads to the partner dashboard with the onboarding checklist", async () => {
    const { email, path } = await invitedContact();
    const page = await site.request(path);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toContain("no-store");
    expect(await page.text()).toContain("Set your password");

    const mismatch = await postForm(site, path, {
      intent: "accept",
      password: "harbour-oars-2027",
      confirmPassword: "other",
    });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.text()).toContain("Passwords do not match");

    const response = await postForm(site, path, {
      intent: "accept",
      password: "harbour-oars-2027",
      confirmPassword: "harbour-oars-2027",
    });
    expect(response.headers.get("location")).toBe("/dashboard/partner");
    const { html } = await followToast(site, response);
    expect(html).toContain("Welcome! Your password is set and you are signed in.");
    expect(html).toContain("ready to launch");
    expect(html.replaceAll("<!-- -->", "")).toContain("0 of 3 steps done");
    const [user] = await site.database.db.select().from(users).where(eq(users.email, email));
    expect(user?.emailVerified).toBe(true);

    // The link works once.
    const reused = await postForm(site, path, {
      intent: "accept",
      password: "another-pass-2027",
      confirmPassword: "another-pass-2027",
    });
    expect(reused.status).toBe(409);
    expect(await reused.text()).toContain("This invitation link has expired or has already been used.");
    expect(await (await site.request(path)).text()).toContain("Send me a new link");
  });

  it("refuses an expired link and mails a new one on request, telling nobody who was invited", async () => {
    const { email, path } = await invitedContact();
    await site.database.db
      .update(partnerInvitations)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(partnerInvitations.email, email));
    const page = await (await site.request(path)).text();
    expect(page).toContain("This link no longer works");
    const refused = await postForm(site, path, {
      intent: "accept",
      password: "harbour-oars-2027",
      confirmPassword: "harbour-oars-2027",
    });
    expect(refused.status).toBe(409);

    const before = await countOf(partnerInvitations, eq(partnerInvitations.email, email));
    const requested = await postForm(site, path, { intent: "request", email });
    expect(requested.status).toBe(200);
    expect(await requested.text()).toContain("If that address was invited, a new link is on its way.");
    expect(await countOf(partnerInvitations, eq(partnerInvitations.email, email))).toBe(before + 1);
    const fresh = new URL(linkIn((await lastMailTo(site, email))!.text)).pathname;
    expect(fresh).not.toBe(path);
    expect(await (await site.request(fresh)).text()).toContain("Set your password");

    const stranger = await postForm(site, path, { intent: "request", email: "nobody@nowhere.example" });
    expect(await stranger.text()).toContain("If that address was invited, a new link is on its way.");
    expect(await lastMailTo(site, "nobody@nowhere.example")).toBeNull();
    const bad = await postForm(site, path, { intent: "request", email: "not-an-address" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Please enter a valid email address");
  });

  it("refuses an unknown token", async () => {
    const page = await site.request("/invitations/not-a-real-token");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("This link no longer works");
  });
});

describe(`adding and managing partners on ${testDatabaseKind}`, () => {
  const newPartner = (overrides: Record<string, string> = {}) => ({
    name: "Bagsværd Rostadion",
    location: "Bagsværd",
    email: "hello@bagsvaerd.example",
    phone: "+45 44 98 00 00",
    website: "https://www.bagsvaerd-rostadion.dk/",
    description: "Denmark's national rowing course, with a boathouse for companies.",
    tier: "premium",
    revenueSharePercent: "15",
    featured: "on",
    memberEmail: "jonas@bagsvaerd.example",
    memberFirstName: "Jonas",
    memberLastName: "Berg",
    ...overrides,
  });

  it("says what is wrong with each field of a new partner and keeps what was typed", async () => {
    const response = await postForm(
      site,
      "/dashboard/admin/partners/new",
      newPartner({ name: "", revenueSharePercent: "", memberEmail: "jonas@", website: "not a site" }),
      admin.cookie,
    );
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Please enter the partner&#x27;s name");
    expect(html).toContain("Please enter a revenue share between 0 and 100 % for a premium partner");
    expect(html).toContain("Please enter a valid email address");
    expect(html).toContain("Please enter a website such as yourclub.dk");
    expect(html).toContain("Denmark&#x27;s national rowing course");
    expect(await countOf(partners, eq(partners.name, "Bagsværd Rostadion"))).toBe(0);
  });

  it("creates a live partner with its terms and invites its first member", async () => {
    const response = await postForm(site, "/dashboard/admin/partners/new", newPartner(), admin.cookie);
    const { html } = await followToast(site, response, admin.cookie);
    expect(html).toContain("The partner has been created and its first member invited.");
    const [partner] = await site.database.db
      .select()
      .from(partners)
      .where(eq(partners.name, "Bagsværd Rostadion"));
    expect(partner).toMatchObject({
      slug: "bagsvaerd-rostadion",
      status: "approved",
      tier: "premium",
      revenueSharePercent: 15,
      featured: true,
      website: "www.bagsvaerd-rostadion.dk",
    });
    expect(html).toContain("jonas@bagsvaerd.example");
    expect(html).toContain("Invitation sent");
    expect((await lastMailTo(site, "jonas@bagsvaerd.example"))?.subject).toContain(
      "You are invited to manage Bagsværd Rostadion",
    );
  });

  it("suspends a partner: its page and events leave the public site, bookings stop, members are told", async () => {
    const partnerRow = await createPartnerWithMember("Suspended Soon Club");
    const event = await createTestEvent(site.database.db, partnerRow.id, { title: "Soon Hidden Regatta" });
    expect((await site.request(`/partners/${partnerRow.slug}`)).status).toBe(200);
    expect((await site.request(`/events/${event.slug}`)).status).toBe(200);

    const response = await postForm(
      site,
      `/dashboard/admin/partners/${partnerRow.id}`,
      { intent: "settings", status: "suspended", tier: "basic", revenueSharePercent: "" },
      admin.cookie,
    );
    await followToast(site, response, admin.cookie);
    expect((await site.request(`/partners/${partnerRow.slug}`)).status).toBe(404);
    expect((await site.request(`/events/${event.slug}`)).status).toBe(404);
    expect(await (await site.request("/events")).text()).not.toContain("Soon Hidden Regatta");
    const register = await site.request(`/events/${event.slug}/register`, {
      headers: { Cookie: admin.cookie },
    });
    expect(register.status).toBe(404);
    expect((await lastMailTo(site, partnerRow.memberEmail))?.subject).toBe(
      "Suspended Soon Club is paused on Rethink Corporate Life",
    );
    const [entry] = await site.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.partnerId, partnerRow.id), eq(auditLog.action, "partner.suspend")));
    expect(entry?.changes).toEqual({ status: { before: "approved", after: "suspended" } });

    await postForm(
      site,
      `/dashboard/admin/partners/${partnerRow.id}`,
      { intent: "settings", status: "approved", tier: "basic", revenueSharePercent: "" },
      admin.cookie,
    );
    expect((await site.request(`/events/${event.slug}`)).status).toBe(200);
    expect((await lastMailTo(site, partnerRow.memberEmail))?.subject).toBe(
      "Suspended Soon Club is live again on Rethink Corporate Life",
    );
  });

  it("invites an existing account, which becomes a partner, and removes a member back to a user", async () => {
    const partnerRow = await createPartnerWithMember("Members Club");
    const existing = await createAccount(site, { email: `existing${++sequence}@company.example` });
    const path = `/dashboard/admin/partners/${partnerRow.id}`;
    const bad = await postForm(
      site,
      path,
      { intent: "invite", memberEmail: "nope", memberFirstName: "", memberLastName: "" },
      admin.cookie,
    );
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Please enter a first name");

    await followToast(
      site,
      await postForm(
        site,
        path,
        {
          intent: "invite",
          memberEmail: existing.email.toUpperCase(),
          memberFirstName: "Ex",
          memberLastName: "Isting",
        },
        admin.cookie,
      ),
      admin.cookie,
    );
    const [profile] = await site.database.db.select().from(profiles).where(eq(profiles.userId, existing.id));
    expect(profile?.role).toBe("partner");
    // They have a password already: a sign-in mail, no invitation link.
    const subject = "You can now manage Members Club on Rethink Corporate Life";
    expect((await lastMailTo(site, existing.email, subject))?.text).toContain(
      "Sign in with your usual password",
    );
    expect(await countOf(partnerInvitations, eq(partnerInvitations.email, existing.email))).toBe(0);
    const dashboard = await site.request("/dashboard/partner", { headers: { Cookie: existing.cookie } });
    expect(dashboard.status).toBe(200);

    await followToast(
      site,
      await postForm(site, path, { intent: "remove-member", userId: existing.id }, admin.cookie),
      admin.cookie,
    );
    const [after] = await site.database.db.select().from(profiles).where(eq(profiles.userId, existing.id));
    expect(after?.role).toBe("user");
    const gone = await postForm(site, path, { intent: "remove-member", userId: existing.id }, admin.cookie);
    expect(gone.status).toBe(404);
  });

  it("lists partners with search by name or city, status, tier and events, page by page", async () => {
    const list = async (query: string) =>
      (await site.request(`/dashboard/admin/partners${query}`, { headers: { Cookie: admin.cookie } })).text();
    expect(await list("?q=frankfurt")).toContain("Frankfurter RG Germania");
    expect(await list("?q=frankfurt")).not.toContain("Copenhagen Harbour Rowing Club");
    expect(await list("?q=copenhagen")).toContain("Copenhagen Harbour Rowing Club");
    expect(await list("?q=%25")).toContain("No partner matches this search.");
    expect(await list("?status=suspended")).not.toContain("Frankfurter RG Germania");
    const all = await list("");
    expect(all).toMatch(/Premium, \d+ %|Basic/);
    expect(all).toContain("Applications (");
  });

  it("shows the audit log filtered by partner and by person", async () => {
    const partnerRow = await createPartnerWithMember("Audited Club");
    const byPartner = await (
      await site.request(`/dashboard/admin/audit?partner=${partnerRow.id}`, {
        headers: { Cookie: admin.cookie },
      })
    ).text();
    expect(byPartner).toContain("partner.create");
    expect(byPartner).toContain(admin.email);
    expect(byPartner).not.toContain("application.decline");
    const byPerson = await (
      await site.request(`/dashboard/admin/audit?person=nobody-like-this`, {
        headers: { Cookie: admin.cookie },
      })
    ).text();
    expect(byPerson).toContain("No changes match this filter.");
  });

  it("pages the audit log, newest first: page 2 has the next entries, past the end says so", async () => {
    const partnerRow = await createPartnerWithMember("Paged Audit Club");
    // 32 more entries a second apart, newer than the partner's own, in one insert.
    const start = Date.now() + 60 * 1000;
    await site.database.db.insert(auditLog).values(
      Array.from({ length: 32 }, (_, index) => ({
        actorEmail: admin.email,
        action: "partner.update",
        entityType: "partner",
        entityId: partnerRow.id,
        partnerId: partnerRow.id,
        summary: `Paged entry ${String(index + 1).padStart(2, "0")}`,
        createdAt: new Date(start + index * 1000),
      })),
    );
    const [counted] = await site.database.db
      .select({ n: count() })
      .from(auditLog)
      .where(eq(auditLog.partnerId, partnerRow.id));
    const total = counted!.n;
    const auditPage = async (query: string) =>
      textOf(
        await site.request(`/dashboard/admin/audit?partner=${partnerRow.id}${query}`, {
          headers: { Cookie: admin.cookie },
        }),
      );
    // In the page's main content: the loader data React Router serialises after it repeats them.
    const entries = (html: string) =>
      [...(/<main[\s\S]*<\/main>/.exec(html)?.[0] ?? "").matchAll(/Paged entry (\d\d)/g)].map(
        (match) => match[1],
      );

    const first = await auditPage("");
    expect(entries(first)).toEqual(
      Array.from({ length: 30 }, (_, index) => String(32 - index).padStart(2, "0")),
    );
    expect(first).toContain(`Page 1 of 2 (${total} in all)`);
    const second = await auditPage("&page=2");
    expect(entries(second)).toEqual(["02", "01"]);
    expect(second).toContain(`Page 2 of 2 (${total} in all)`);
    const past = await auditPage("&page=3");
    expect(entries(past)).toEqual([]);
    expect(past).toContain("This page is past the end of the list.");

    // The links name the row their page starts from, so a deep page reads no rows before it.
    const nextTag = /<a [^>]*rel="next"[^>]*>/.exec(first)?.[0] ?? "";
    const nextLink = /href="([^"]*)"/.exec(nextTag)?.[1]?.replaceAll("&amp;", "&");
    expect(nextLink).toMatch(/older=/);
    const followed = await textOf(await site.request(nextLink!, { headers: { Cookie: admin.cookie } }));
    expect(entries(followed)).toEqual(["02", "01"]);
    expect(followed).toContain(`Page 2 of 2 (${total} in all)`);
    const [oldest] = await site.database.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(eq(auditLog.summary, "Paged entry 01"));
    const before = await auditPage(`&page=2&newer=${oldest!.id}`);
    expect(entries(before)).toEqual(
      Array.from({ length: 30 }, (_, index) => String(31 - index).padStart(2, "0")),
    );
  });

  /** A partner made through 'Add New Partner', whose member has set a password. */
  async function createPartnerWithMember(name: string) {
    const memberEmail = `member${++sequence}@club.example`;
    await postForm(
      site,
      "/dashboard/admin/partners/new",
      newPartner({ name, tier: "basic", revenueSharePercent: "", featured: "", memberEmail }),
      admin.cookie,
    );
    const [partner] = await site.database.db.select().from(partners).where(eq(partners.name, name));
    const path = new URL(linkIn((await lastMailTo(site, memberEmail))!.text)).pathname;
    await postForm(site, path, {
      intent: "accept",
      password: "harbour-oars-2027",
      confirmPassword: "harbour-oars-2027",
    });
    return { ...partner!, memberEmail };
  }
});
