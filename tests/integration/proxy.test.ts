/**
 * The site behind a TLS-terminating proxy on loopback: the browser speaks https to the
 * proxy, the proxy speaks http to the site with X-Forwarded-Proto/-Host/-For. Every form
 * must be accepted with the browser's https Origin, and have its effect.
 */
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  events,
  inquiries,
  partnerApplications,
  partnerMembers,
  partners,
  profiles,
  siteSettings,
  teamRegistrations,
  users,
} from "#server/db/schema";
import { cookiesFrom, createAccount, lastMailTo, linkIn, type TestAccount } from "../support/accounts";
import { createTestEvent } from "../support/events";
import { eventForm, flatEventForm } from "../support/event-publishing";
import { createTestSite, type TestSite } from "../support/http-app";
import { imageFile, smallPng } from "../support/images";
import { createTestPartner } from "../support/partners";
import { serveSite, type ServedSite } from "../support/serve-site";
import { siteSettingsForm } from "../support/site-settings";
import { startTlsProxy, type ProxyRequestInit, type TlsProxy } from "../support/tls-proxy";
import { invoiceAddress, VALID_CVR } from "../support/booking-form";

/** A site behind a proxy, and the browser's view of it. */
type Deployment = { site: TestSite; served: ServedSite; proxy: TlsProxy; close(): Promise<void> };

/** The site on a loopback port with TRUST_PROXY=`trustProxy`, behind a TLS proxy; BASE_URL is the proxy's origin unless given. */
async function deploy({
  trustProxy,
  baseUrl,
  forwarded,
}: {
  trustProxy: number;
  baseUrl?: string;
  forwarded?: "replace" | "append";
}): Promise<Deployment> {
  const proxy = await startTlsProxy({ forwarded });
  const site = await createTestSite({ baseUrl: baseUrl ?? proxy.url, trustProxy });
  const served = await serveSite(site, trustProxy);
  proxy.setTarget(served.url);
  return {
    site,
    served,
    proxy,
    close: async () => {
      await proxy.close();
      await served.close();
      await site.background.settled();
      await site.close();
    },
  };
}

/** A form post as the browser sends it from a page of the site (its Origin is the proxy's). */
function post(
  deployment: Deployment,
  path: string,
  body: URLSearchParams | FormData | Record<string, string>,
  cookie?: string,
  headers: Record<string, string> = {},
) {
  const init: ProxyRequestInit = {
    method: "POST",
    headers: { Origin: deployment.proxy.url, ...(cookie ? { Cookie: cookie } : {}), ...headers },
    body: body instanceof URLSearchParams || body instanceof FormData ? body : new URLSearchParams(body),
  };
  return deployment.proxy.request(path, init);
}

/** Accepted: a page (200) or a redirect, never the 400 of a refused origin or a 403. */
async function expectAccepted(response: Response) {
  const body = response.status >= 400 ? await response.clone().text() : "";
  expect(response.status, body.slice(0, 500)).toBeLessThan(400);
}

describe("every form behind a TLS proxy with TRUST_PROXY=1", () => {
  let d: Deployment;
  let partnerId: string;
  let partnerSlug: string;
  let member: TestAccount;
  let admin: TestAccount;
  const db = () => d.site.database.db;

  beforeAll(async () => {
    d = await deploy({ trustProxy: 1 });
    const partner = await createTestPartner(db(), "Proxy Rowing Club");
    partnerId = partner.id;
    partnerSlug = partner.slug;
    member = await createAccount(d.site, { role: "partner", partnerId });
    admin = await createAccount(d.site, { role: "admin" });
  });

  afterAll(() => d?.close());

  it("serves pages with the https URL: canonical links on the proxy's origin", async () => {
    const page = await d.proxy.request("/events");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`href="${d.proxy.url}/events"`);
  });

  it("sign up, then the verification link from the mail", async () => {
    const email = `signup-${randomUUID()}@fjord.example`;
    const response = await post(d, "/signup", {
      firstName: "Sara",
      lastName: "Signup",
      email,
      company: "",
      password: "rowing-is-fun-2026",
      confirmPassword: "rowing-is-fun-2026",
      acceptTerms: "on",
    });
    await expectAccepted(response);
    const [user] = await db().select().from(users).where(eq(users.email, email));
    expect(user).toBeDefined();
    const link = new URL(linkIn((await lastMailTo(d.site, email, "Verify your email address"))!.text));
    expect(link.origin).toBe(d.proxy.url);
    const verified = await d.proxy.request(`${link.pathname}${link.search}`);
    expect(verified.status).toBe(302);
    expect(cookiesFrom(verified)).toContain("__Host-rcl.session_token=");
  });

  it("sign in, and the session it opens works through the proxy", async () => {
    const account = await createAccount(d.site);
    const response = await post(d, "/login", { email: account.email, password: account.password });
    await expectAccepted(response);
    expect(response.status).toBe(302);
    const cookie = cookiesFrom(response);
    expect(cookie).toContain("__Host-rcl.session_token=");
    const dashboard = await d.proxy.request("/dashboard", { headers: { Cookie: cookie } });
    expect(dashboard.status).toBe(200);
  });

  it("forgot password, then reset password from the mail's link", async () => {
    const account = await createAccount(d.site);
    await expectAccepted(await post(d, "/forgot-password", { email: account.email }));
    const mail = await lastMailTo(d.site, account.email, "Reset your Rethink Corporate Life password");
    const link = new URL(linkIn(mail!.text));
    expect(link.origin).toBe(d.proxy.url);
    const landing = await d.proxy.request(`${link.pathname}${link.search}`);
    const token = new URL(landing.headers.get("location") ?? "", d.proxy.url).searchParams.get("token");
    expect(token).toBeTruthy();
    const reset = await post(d, "/reset-password", {
      token: token!,
      password: "brand-new-password-7",
      confirmPassword: "brand-new-password-7",
    });
    await expectAccepted(reset);
    expect(reset.headers.get("location")).toBe("/login");
    await expectAccepted(await post(d, "/login", { email: account.email, password: "brand-new-password-7" }));
  });

  it("contact", async () => {
    const subject = `Proxy question ${randomUUID()}`;
    const response = await post(d, "/contact", {
      name: "Carl Contact",
      email: "carl@company.example",
      company: "",
      subject,
      message: "Can we book a team day in May for twenty people?",
    });
    await expectAccepted(response);
    const rows = await db().select().from(inquiries).where(eq(inquiries.subject, subject));
    expect(rows).toHaveLength(1);
  });

  it("partner application", async () => {
    const organizationName = `Applicant Club ${randomUUID().slice(0, 8)}`;
    const response = await post(d, "/partners/apply", {
      organizationName,
      organizationType: "rowing_club",
      location: "Aarhus",
      website: "",
      contactName: "Ida Applicant",
      email: "ida@applicant-club.example",
      phone: "",
      description: "A rowing club by the harbour with twelve boats.",
      message: "We would like to host corporate events.",
    });
    await expectAccepted(response);
    const rows = await db()
      .select()
      .from(partnerApplications)
      .where(eq(partnerApplications.organizationName, organizationName));
    expect(rows).toHaveLength(1);
  });

  it("partner inquiry", async () => {
    const message = `Could you host our team in June? ${randomUUID()}`;
    const response = await post(d, `/partners/${partnerSlug}/inquire`, {
      name: "Karen Inquiry",
      email: "karen@company.example",
      company: "",
      message,
      preferredDate: "",
      groupSize: "12",
    });
    await expectAccepted(response);
    const rows = await db().select().from(inquiries).where(eq(inquiries.message, message));
    expect(rows).toHaveLength(1);
  });

  /** The booking form's fields, all valid. */
  const teamForm = (teamName: string): Record<string, string> => ({
    idempotencyKey: randomUUID(),
    teamName,
    company: "Nyhavn Legal",
    billingCompany: "Nyhavn Legal ApS",
    cvr: VALID_CVR,
    ean: "",
    poReference: "PO-2026-17",
    billingEmail: "invoices@nyhavn-legal.dk",
    ...invoiceAddress,
    captainName: "Astrid Holm",
    captainEmail: "astrid@nyhavn-legal.dk",
    captainPhone: "+45 20 30 40 50",
    "roster[0].name": "Astrid Holm",
    "roster[0].email": "astrid@nyhavn-legal.dk",
    notes: "",
    acceptTerms: "on",
  });

  const registrationsOf = (eventId: string) =>
    db().select().from(teamRegistrations).where(eq(teamRegistrations.eventId, eventId));

  it("event registration (booking), then the booking's edit and cancel forms", async () => {
    const booker = await createAccount(d.site);
    const event = await createTestEvent(db(), partnerId);
    const booked = await post(d, `/events/${event.slug}/register`, teamForm("Proxy Paddlers"), booker.cookie);
    await expectAccepted(booked);
    const [row] = await registrationsOf(event.id);
    expect(row).toMatchObject({ teamName: "Proxy Paddlers", status: "confirmed", userId: booker.id });

    const { idempotencyKey: _key, acceptTerms: _terms, ...editable } = teamForm("Renamed Paddlers");
    const edited = await post(
      d,
      `/dashboard/bookings/${row!.id}`,
      { ...editable, intent: "update" },
      booker.cookie,
    );
    await expectAccepted(edited);
    expect((await registrationsOf(event.id))[0]!.teamName).toBe("Renamed Paddlers");

    const cancelled = await post(d, `/dashboard/bookings/${row!.id}`, { intent: "cancel" }, booker.cookie);
    await expectAccepted(cancelled);
    expect((await registrationsOf(event.id))[0]!.status).toBe("cancelled");
  });

  it("profile edit and password change", async () => {
    const account = await createAccount(d.site);
    const saved = await post(
      d,
      "/dashboard/profile",
      { intent: "profile", firstName: "Proxied", lastName: "Person", company: "Harbour ApS" },
      account.cookie,
    );
    await expectAccepted(saved);
    const [profile] = await db().select().from(profiles).where(eq(profiles.userId, account.id));
    expect(profile).toMatchObject({ firstName: "Proxied", lastName: "Person", company: "Harbour ApS" });

    const changed = await post(
      d,
      "/dashboard/profile",
      {
        intent: "password",
        currentPassword: account.password,
        newPassword: "a-new-password-for-proxy",
        confirmPassword: "a-new-password-for-proxy",
      },
      account.cookie,
    );
    await expectAccepted(changed);
    const signIn = await post(d, "/login", { email: account.email, password: "a-new-password-for-proxy" });
    expect(signIn.status).toBe(302);
  });

  it("partner profile edit", async () => {
    const response = await post(
      d,
      `/dashboard/partner/profile?partner=${partnerId}`,
      {
        intent: "save",
        name: "Proxy Rowing Club",
        location: "Aarhus",
        address: "Havnevej 1, 8000 Aarhus C",
        phone: "+45 86 12 34 56",
        email: "hello@proxy-club.dk",
        website: "https://www.proxy-club.dk",
        facebookUrl: "",
        instagramUrl: "",
        linkedinUrl: "",
        foundedYear: "1886",
        memberships: "",
        description: "Rowing on the bay behind a proxy since 1886.",
        fullDescriptionHtml: "<p>We row every morning.</p>",
        "facilities[0].text": "Boathouse",
        "services[0].text": "Team building",
      },
      member.cookie,
    );
    await expectAccepted(response);
    const [partner] = await db().select().from(partners).where(eq(partners.id, partnerId));
    expect(partner!.description).toBe("Rowing on the bay behind a proxy since 1886.");
  });

  it("partner image upload (multipart)", async () => {
    const body = new FormData();
    body.set("partnerId", partnerId);
    body.set("file", imageFile(await smallPng(), "logo.png", "image/png"));
    const response = await post(d, "/dashboard/partner/images", body, member.cookie);
    await expectAccepted(response);
    expect(await response.json()).toMatchObject({ imageId: expect.any(String) });
  });

  it("event create, edit, submit for review; the admin approves it", async () => {
    const form = eventForm();
    const created = await post(
      d,
      `/dashboard/partner/events/new?partner=${partnerId}`,
      { ...flatEventForm(form), intent: "save" },
      member.cookie,
    );
    await expectAccepted(created);
    const [event] = await db().select().from(events).where(eq(events.slug, form.slug));
    expect(event).toBeDefined();

    const edited = await post(
      d,
      `/dashboard/partner/events/${event!.id}`,
      { ...flatEventForm({ ...form, title: "Renamed Behind The Proxy" }), intent: "save" },
      member.cookie,
    );
    await expectAccepted(edited);
    const [editedRow] = await db().select().from(events).where(eq(events.id, event!.id));
    expect(editedRow!.title).toBe("Renamed Behind The Proxy");

    const submitted = await post(
      d,
      `/dashboard/partner/events?partner=${partnerId}`,
      { intent: "submit", eventId: event!.id },
      member.cookie,
    );
    await expectAccepted(submitted);
    const [pending] = await db().select().from(events).where(eq(events.id, event!.id));
    expect(pending!.submittedAt).not.toBeNull();

    const approved = await post(
      d,
      `/dashboard/admin/events/${event!.id}`,
      { intent: "approve", version: String(pending!.version) },
      admin.cookie,
    );
    await expectAccepted(approved);
    const [approvedRow] = await db().select().from(events).where(eq(events.id, event!.id));
    expect(approvedRow!.status).toBe("published");
  });

  it("the partner's forms on a registration, an inquiry and the participants' messages", async () => {
    const event = await createTestEvent(db(), partnerId);
    const booker = await createAccount(d.site);
    await expectAccepted(
      await post(d, `/events/${event.slug}/register`, teamForm("Team One"), booker.cookie),
    );
    await expectAccepted(
      await post(d, `/events/${event.slug}/register`, teamForm("Team Two"), booker.cookie),
    );
    const [first, second] = await registrationsOf(event.id);

    const review = await post(
      d,
      `/dashboard/partner/events/${event.id}/messages`,
      {
        intent: "review",
        audience: "captains",
        teams: "confirmed",
        subject: "Meeting point",
        body: "Meet at the blue boathouse.",
      },
      member.cookie,
    );
    await expectAccepted(review);
    const sent = await post(
      d,
      `/dashboard/partner/events/${event.id}/messages`,
      {
        intent: "send",
        audience: "captains",
        teams: "confirmed",
        subject: "Meeting point",
        body: "Meet at the blue boathouse.",
      },
      member.cookie,
    );
    await expectAccepted(sent);
    expect(await lastMailTo(d.site, "astrid@nyhavn-legal.dk", "Meeting point")).not.toBeNull();

    const cancelled = await post(
      d,
      `/dashboard/partner/registrations/${first!.id}`,
      { intent: "cancel", reason: "The boat broke." },
      member.cookie,
    );
    await expectAccepted(cancelled);
    const [afterCancel] = await db()
      .select()
      .from(teamRegistrations)
      .where(eq(teamRegistrations.id, first!.id));
    expect(afterCancel!.status).toBe("cancelled");
    expect(second).toBeDefined();

    const message = `Inquiry to answer ${randomUUID()}`;
    await expectAccepted(
      await post(d, `/partners/${partnerSlug}/inquire`, {
        name: "Ole Inquirer",
        email: "ole@company.example",
        company: "",
        message,
        preferredDate: "",
        groupSize: "",
      }),
    );
    const [inquiry] = await db().select().from(inquiries).where(eq(inquiries.message, message));
    const replied = await post(
      d,
      `/dashboard/partner/inquiries/${inquiry!.id}?partner=${partnerId}`,
      { intent: "reply", reply: "Yes, June works for us." },
      member.cookie,
    );
    await expectAccepted(replied);
    expect(await lastMailTo(d.site, "ole@company.example")).not.toBeNull();
  });

  it("the admin's forms: new partner, partner settings and invitation, application, users, site settings", async () => {
    const name = `Admin Made Club ${randomUUID().slice(0, 8)}`;
    const memberEmail = `first-member-${randomUUID()}@club.example`;
    const created = await post(
      d,
      "/dashboard/admin/partners/new",
      {
        name,
        location: "Odense",
        email: "hello@admin-made.example",
        phone: "",
        website: "",
        description: "A club the admin adds by hand for the proxy test.",
        tier: "basic",
        revenueSharePercent: "",
        memberEmail,
        memberFirstName: "Frida",
        memberLastName: "First",
      },
      admin.cookie,
    );
    await expectAccepted(created);
    const [made] = await db().select().from(partners).where(eq(partners.name, name));
    expect(made).toBeDefined();

    // The invitation mailed to the first member, accepted through the proxy.
    const invitation = new URL(linkIn((await lastMailTo(d.site, memberEmail))!.text));
    expect(invitation.origin).toBe(d.proxy.url);
    const accepted = await post(d, invitation.pathname, {
      password: "frida-rows-2026",
      confirmPassword: "frida-rows-2026",
    });
    await expectAccepted(accepted);
    expect(cookiesFrom(accepted)).toContain("__Host-rcl.session_token=");

    const settings = await post(
      d,
      `/dashboard/admin/partners/${made!.id}`,
      { intent: "settings", status: "approved", tier: "premium", revenueSharePercent: "15" },
      admin.cookie,
    );
    await expectAccepted(settings);
    const [afterSettings] = await db().select().from(partners).where(eq(partners.id, made!.id));
    expect(afterSettings).toMatchObject({ status: "approved", tier: "premium" });

    const inviteEmail = `second-member-${randomUUID()}@club.example`;
    const invited = await post(
      d,
      `/dashboard/admin/partners/${made!.id}`,
      { intent: "invite", memberEmail: inviteEmail, memberFirstName: "Sven", memberLastName: "Second" },
      admin.cookie,
    );
    await expectAccepted(invited);
    expect(await lastMailTo(d.site, inviteEmail)).not.toBeNull();

    const organizationName = `Club To Approve ${randomUUID().slice(0, 8)}`;
    await expectAccepted(
      await post(d, "/partners/apply", {
        organizationName,
        organizationType: "rowing_club",
        location: "Aalborg",
        website: "",
        contactName: "Anna Applicant",
        email: `anna-${randomUUID()}@club.example`,
        phone: "",
        description: "A rowing club on the fjord with eight boats.",
        message: "We would like to host corporate events.",
      }),
    );
    const [application] = await db()
      .select()
      .from(partnerApplications)
      .where(eq(partnerApplications.organizationName, organizationName));
    const approved = await post(
      d,
      `/dashboard/admin/partners/applications/${application!.id}`,
      { intent: "approve" },
      admin.cookie,
    );
    await expectAccepted(approved);
    const [afterApproval] = await db()
      .select()
      .from(partnerApplications)
      .where(eq(partnerApplications.id, application!.id));
    expect(afterApproval!.status).toBe("approved");

    const person = await createAccount(d.site);
    const role = await post(
      d,
      `/dashboard/admin/users/${person.id}`,
      { intent: "role", role: "partner" },
      admin.cookie,
    );
    await expectAccepted(role);
    const [promoted] = await db().select().from(profiles).where(eq(profiles.userId, person.id));
    expect(promoted!.role).toBe("partner");

    const linked = await post(
      d,
      `/dashboard/admin/users/${person.id}`,
      { intent: "link", partnerId: made!.id },
      admin.cookie,
    );
    await expectAccepted(linked);
    const memberships = await db()
      .select()
      .from(partnerMembers)
      .where(and(eq(partnerMembers.userId, person.id), eq(partnerMembers.partnerId, made!.id)));
    expect(memberships).toHaveLength(1);

    const saved = await post(
      d,
      "/dashboard/admin/settings",
      {
        // Every field the form requires (RCL's billing details too), then this test's values.
        ...siteSettingsForm(),
        contactEmail: "hello@rcl.example",
        contactPhone: "+45 33 12 45 78",
        addressLine: "Strandvejen 1",
        postalCode: "2900",
        city: "Hellerup",
        companyRegistrationNumber: "43218778",
        facebookUrl: "",
        instagramUrl: "",
        linkedinUrl: "",
        defaultCancellationTerms: "Free cancellation until two weeks before.",
        defaultCancellationTermsDa: "Gratis afbestilling indtil to uger før.",
        contactInboxEmail: "inbox@rcl.example",
      },
      admin.cookie,
    );
    await expectAccepted(saved);
    const [stored] = await db().select().from(siteSettings);
    expect(stored).toMatchObject({ city: "Hellerup", postalCode: "2900" });
  });

  it("sign out", async () => {
    const account = await createAccount(d.site);
    const response = await post(d, "/logout", {}, account.cookie);
    await expectAccepted(response);
    const dashboard = await d.proxy.request("/dashboard", { headers: { Cookie: account.cookie } });
    expect(dashboard.status).toBe(302);
  });

  it("account deletion", async () => {
    const account = await createAccount(d.site);
    const response = await post(
      d,
      "/dashboard/profile",
      { intent: "delete", confirmEmail: account.email, password: account.password },
      account.cookie,
    );
    await expectAccepted(response);
    expect(await db().select().from(users).where(eq(users.id, account.id))).toHaveLength(0);
  });

  it("refuses a form from another site's page, and one whose forged X-Forwarded-Host names that site", async () => {
    const account = await createAccount(d.site);
    const fields = { intent: "profile", firstName: "Forged", lastName: "Change", company: "" };
    const evil = await post(d, "/dashboard/profile", fields, account.cookie, {
      Origin: "https://evil.example",
    });
    expect(evil.status).toBe(403);
    // The proxy replaces X-Forwarded-Host, so the site still knows its own host.
    const forged = await post(d, "/dashboard/profile", fields, account.cookie, {
      Origin: "https://evil.example",
      "X-Forwarded-Host": "evil.example",
      "X-Forwarded-Proto": "https",
    });
    expect(forged.status).toBe(403);
    const [profile] = await db().select().from(profiles).where(eq(profiles.userId, account.id));
    expect(profile!.firstName).not.toBe("Forged");
  });

  it("sends HSTS for a year, a __Host- session cookie and a Secure flash cookie", async () => {
    const page = await d.proxy.request("/");
    expect(page.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");

    const account = await createAccount(d.site);
    const signIn = await post(d, "/login", { email: account.email, password: account.password });
    const session = signIn.headers.getSetCookie().find((cookie) => cookie.includes("session_token="));
    expect(session).toMatch(/^__Host-rcl\.session_token=/);
    expect(session).toMatch(/; Secure/i);
    expect(session).toMatch(/; Path=\//i);
    expect(session).not.toMatch(/; Domain=/i);

    const saved = await post(
      d,
      "/dashboard/profile",
      { intent: "profile", firstName: "Flash", lastName: "Cookie", company: "" },
      account.cookie,
    );
    const flash = saved.headers.getSetCookie().find((cookie) => cookie.startsWith("rcl_flash="));
    expect(flash).toMatch(/; Secure/i);
    expect(flash).toMatch(/; HttpOnly/i);
  });
});

describe("mail links under a forged X-Forwarded-Host", () => {
  let d: Deployment;
  const BASE_URL = "https://rcl.test";

  // BASE_URL is the real public origin; the test talks to the site directly, as the one
  // trusted proxy, and reports a forged host that the site then believes for the request.
  beforeAll(async () => {
    d = await deploy({ trustProxy: 1, baseUrl: BASE_URL });
  });
  afterAll(() => d?.close());

  const direct = (path: string, fields: Record<string, string>) =>
    fetch(`${d.served.url}${path}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: "https://evil.example",
        "X-Forwarded-Proto": "https",
        "X-Forwarded-Host": "evil.example",
        "X-Forwarded-For": "203.0.113.9",
      },
      body: new URLSearchParams(fields),
      redirect: "manual",
    });

  it("keeps the reset-password link on BASE_URL", async () => {
    const account = await createAccount(d.site);
    const response = await direct("/forgot-password", { email: account.email });
    // The request's URL was the forged host's, so its Origin matched and it was accepted...
    expect(response.status).toBe(200);
    const mail = await lastMailTo(d.site, account.email, "Reset your Rethink Corporate Life password");
    // ...but the link in the mail is on BASE_URL all the same.
    expect(new URL(linkIn(mail!.text)).origin).toBe(BASE_URL);
    expect(mail!.text).not.toContain("evil.example");
    expect(mail!.html).not.toContain("evil.example");
  });

  it("keeps the verification link on BASE_URL", async () => {
    const email = `forged-${randomUUID()}@fjord.example`;
    const response = await direct("/signup", {
      firstName: "Fo",
      lastName: "Rged",
      email,
      company: "",
      password: "rowing-is-fun-2026",
      confirmPassword: "rowing-is-fun-2026",
      acceptTerms: "on",
    });
    expect(response.status).toBeLessThan(400);
    const mail = await lastMailTo(d.site, email, "Verify your email address");
    expect(new URL(linkIn(mail!.text)).origin).toBe(BASE_URL);
    expect(mail!.html).not.toContain("evil.example");
  });
});

describe("a proxy that appends to the client's forwarded headers", () => {
  let d: Deployment;
  beforeAll(async () => {
    d = await deploy({ trustProxy: 1, forwarded: "append" });
  });
  afterAll(() => d?.close());

  it("takes the entries the proxy wrote, not the client's forged ones", async () => {
    const forged = await post(
      d,
      "/contact",
      {
        name: "Eve",
        email: "eve@evil.example",
        company: "",
        subject: "Forged",
        message: "A message from another site's page.",
      },
      undefined,
      { Origin: "https://evil.example", "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https" },
    );
    expect(forged.status).toBe(403);
    const honest = await post(d, "/contact", {
      name: "Carl",
      email: "carl@company.example",
      company: "",
      subject: "Honest",
      message: "A message from the site's own page.",
    });
    await expectAccepted(honest);
  });
});

describe("without TRUST_PROXY", () => {
  let d: Deployment;
  beforeAll(async () => {
    d = await deploy({ trustProxy: 0 });
  });
  afterAll(() => d?.close());

  const fields = {
    name: "Nils",
    email: "nils@company.example",
    company: "",
    subject: "Untrusted",
    message: "Sent through a proxy the site does not trust.",
  };

  it("ignores the forwarded headers: the https Origin does not match the http URL the site sees", async () => {
    const response = await post(d, "/contact", fields);
    expect(response.status).toBe(403);
    expect(
      await d.site.database.db.select().from(inquiries).where(eq(inquiries.subject, "Untrusted")),
    ).toEqual([]);
  });

  it("lets no client choose the origin with forged headers", async () => {
    const response = await fetch(`${d.served.url}/contact`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: "https://evil.example",
        "X-Forwarded-Proto": "https",
        "X-Forwarded-Host": "evil.example",
      },
      body: new URLSearchParams(fields),
      redirect: "manual",
    });
    expect(response.status).toBe(403);
    // A page's canonical link is still on BASE_URL, whatever the headers say.
    const page = await fetch(`${d.served.url}/events`, {
      headers: { "X-Forwarded-Proto": "https", "X-Forwarded-Host": "evil.example" },
    });
    expect(await page.text()).not.toContain("evil.example");
  });
});

describe("over plain http", () => {
  let site: TestSite;
  let served: ServedSite;
  beforeAll(async () => {
    site = await createTestSite({ baseUrl: "http://127.0.0.1:9", trustProxy: 1 });
    served = await serveSite(site, 1);
  });
  afterAll(async () => {
    await served?.close();
    await site?.background.settled();
    await site?.close();
  });

  it("sends no HSTS and sets cookies without the __Host- prefix or Secure", async () => {
    const page = await fetch(`${served.url}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get("strict-transport-security")).toBeNull();

    const account = await createAccount(site);
    expect(account.cookie).toMatch(/(^|; )rcl\.session_token=/);
    const response = await fetch(`${served.url}/dashboard/profile`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: served.url,
        Cookie: account.cookie,
      },
      body: new URLSearchParams({ intent: "profile", firstName: "Plain", lastName: "Http", company: "" }),
      redirect: "manual",
    });
    expect(response.status).toBe(303);
    const flash = response.headers.getSetCookie().find((cookie) => cookie.startsWith("rcl_flash="));
    expect(flash).toBeDefined();
    expect(flash).not.toMatch(/; Secure/i);
  });

  it("but marks HSTS and Secure when a trusted proxy reports https", async () => {
    const page = await fetch(`${served.url}/`, {
      headers: { "X-Forwarded-Proto": "https", "X-Forwarded-Host": "127.0.0.1:9" },
    });
    expect(page.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
  });
});
