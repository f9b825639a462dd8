/**
 * The guard matrix: every route of app/routes.ts, visited as each kind of visitor, with
 * the answer declared per area of the site. The routes are walked from the route table
 * itself, so a new page is tried as soon as it is added, and the first test fails until
 * its area is declared below.
 *
 * Sample rows belong to "partner" (an event of the cast's host partner, a booking of
 * "user" on that event, an inquiry to the host), so "other partner" asks for another
 * partner's row by id. "check-in staff" check teams in for the host partner (ADR 038):
 * its crew lists on the day, and nothing else of the partner area.
 */
import fs from "node:fs";
import { eq } from "drizzle-orm";
import { fileURLToPath } from "node:url";
import { Parser } from "htmlparser2";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import type { ServerBuild } from "react-router";
import routeTable from "~/routes";
import { hasLanguageInPath, localeOfPath, localizedPath, unlocalizedPath } from "~/lib/i18n/locale";
import type { Database } from "#server/db/client";
import {
  auditLog,
  discountCodes,
  eventRevisions,
  events,
  images,
  inquiries,
  invoices,
  outboxEmails,
  participantMessages,
  partnerApplications,
  partnerBillingProfiles,
  partnerInvitations,
  partnerMembers,
  partners,
  partnerStatements,
  payments,
  profiles,
  rowerSeats,
  siteSettings,
  statementDocuments,
  teamRegistrations,
  users,
} from "#server/db/schema";
import { newInvitationToken } from "#server/invitations/tokens";
import { crewToken, seatToken, stopRemindersToken } from "#server/seats/seat-token";
import { createAccount, postForm } from "../../support/accounts";
import { createTestEvent } from "../../support/events";
import { sampleInvoice } from "../../support/invoice-documents";
import { castForThisFile, cookieOf, loginLocation, visit } from "./support";

const ROLES = ["anonymous", "user", "check-in staff", "other partner", "partner", "admin"] as const;
type Role = (typeof ROLES)[number];

/**
 * An answer, as `outcome()` writes it: a status, or a redirect's status and target.
 * "login" is the login page with the way back to the URL asked for.
 */
type Expected = "200" | "400" | "401" | "403" | "404" | "login" | "302 /dashboard" | `30${1 | 2} /${string}`;

type Area = {
  name: string;
  /** Every route of the area, as the walk writes its pattern. */
  routes: string[];
  /** A prefix every route of the area has, so a page is not declared in the wrong area. */
  under?: string;
  /** What a visit answers when the page exists. */
  visit: Record<Role, Expected>;
  /**
   * Who sees the sample row of a route that names one by `:id`; the others who pass the
   * area's rule are told "not found", as if the row did not exist. Everyone, when not given.
   */
  rowSeenBy?: Role[];
  /** The roles a post is refused to, and how, when that is not the visit's refusal. */
  post?: Partial<Record<Role, Expected>>;
};

const same = (expected: Expected): Record<Role, Expected> => ({
  anonymous: expected,
  user: expected,
  "check-in staff": expected,
  "other partner": expected,
  partner: expected,
  admin: expected,
});
const signedIn = (expected: Expected): Record<Role, Expected> => ({ ...same(expected), anonymous: "login" });

const AREAS: Area[] = [
  {
    name: "public pages",
    routes: [
      "/",
      "/events",
      "/events/:slug",
      "/partners",
      "/partners/apply",
      "/partners/apply/submitted",
      "/partners/:slug",
      "/partners/:slug/inquire",
      "/frggermania",
      "/networking",
      "/contact",
      "/about",
      "/terms",
      "/privacy",
      "/invitations/:token",
      // A rower's seat, by its link alone (ADR 038): the same for everyone who has the link.
      "/rower/:token",
      // A captain's crew page, by its link alone (ADR 038), as a rower's seat is.
      "/crew/:token",
      // The link in a rower's reminders that stops them: it only asks until its button is pressed.
      "/stop-reminders/:token",
      "/*",
    ],
    visit: same("200"),
  },
  {
    // The test payment provider's hosted pages: public, as a provider's checkout is (ADR 036).
    name: "the test payment provider",
    routes: ["/test-payment/:checkoutId", "/test-payment/onboarding/:accountId"],
    under: "/test-payment/",
    visit: same("200"),
  },
  {
    name: "public files and live data",
    routes: [
      "/events/:slug/calendar.ics",
      "/events/:slug/availability",
      "/robots.txt",
      "/manifest.webmanifest",
      "/sitemap.xml",
      "/sitemaps/:file",
    ],
    visit: same("200"),
  },
  {
    name: "booking a team on the public site",
    routes: ["/events/:slug/register", "/events/:slug/registered/:id"],
    under: "/events/",
    visit: signedIn("200"),
    rowSeenBy: ["user"],
  },
  {
    name: "signing in and out",
    routes: ["/login", "/signup", "/forgot-password", "/reset-password", "/logout"],
    visit: same("200"),
  },
  {
    // The language switch: anyone may choose, signed in or not (ADR 033).
    name: "choosing a language",
    routes: ["/language"],
    visit: same("302 /"),
    post: {},
  },
  {
    // Every signed-in person's own dashboard: partners and admins book teams too.
    name: "the user's dashboard",
    routes: [
      "/dashboard",
      "/dashboard/bookings",
      "/dashboard/bookings/:id",
      "/dashboard/bookings/:id/calendar.ics",
      "/dashboard/bookings/:id/team-card",
      "/dashboard/profile",
      "/dashboard/*",
    ],
    under: "/dashboard",
    visit: signedIn("200"),
    rowSeenBy: ["user"],
  },
  {
    // An issued invoice's or credit note's PDF or e-invoice: for its booker, its seller's
    // members and admins.
    name: "a booking's documents",
    routes: ["/dashboard/documents/:id/:format"],
    under: "/dashboard",
    visit: signedIn("200"),
    rowSeenBy: ["user", "partner", "admin"],
  },
  {
    // A partner's monthly statement as its PDF or CSV: for the partner's members and admins.
    name: "a partner's statements",
    routes: ["/dashboard/statements/:id/:format"],
    under: "/dashboard",
    visit: signedIn("200"),
    rowSeenBy: ["partner", "admin"],
  },
  {
    name: "the user's data, for a program",
    routes: ["/dashboard/profile/data.json"],
    under: "/dashboard",
    visit: { ...same("200"), anonymous: "401" },
  },
  {
    name: "the partner area",
    routes: [
      "/dashboard/partner",
      "/dashboard/partner/events",
      "/dashboard/partner/events/new",
      "/dashboard/partner/events/:id",
      "/dashboard/partner/events/:id/preview",
      "/dashboard/partner/events/:id/messages",
      "/dashboard/partner/events/:id/weather",
      // The day on the water (ADR 038): the declaration and the seats' counts, for members
      // and admins; check-in staff have the crew list and the check-in page, not this.
      "/dashboard/partner/events/:id/day",
      "/dashboard/partner/events/:id/weather/decide",
      "/dashboard/partner/registrations",
      "/dashboard/partner/registrations/export.csv",
      "/dashboard/partner/registrations/:id",
      "/dashboard/partner/invoices",
      "/dashboard/partner/invoices/export.csv",
      "/dashboard/partner/invoices/bank-statement",
      "/dashboard/partner/invoices/:id",
      "/dashboard/partner/statements",
      "/dashboard/partner/discount-codes",
      "/dashboard/partner/analytics",
      "/dashboard/partner/inquiries",
      "/dashboard/partner/inquiries/:id",
      "/dashboard/partner/profile",
      "/dashboard/partner/billing",
      "/dashboard/partner/staff",
      "/dashboard/partner/*",
    ],
    under: "/dashboard/partner",
    visit: { ...signedIn("200"), user: "302 /dashboard", "check-in staff": "302 /dashboard" },
    rowSeenBy: ["partner", "admin"],
  },
  {
    // The day's pages: the host's members, admins and its check-in staff (ADR 038).
    name: "the day's pages",
    routes: ["/dashboard/partner/events/:id/crew-list", "/dashboard/partner/check-in/:eventId"],
    under: "/dashboard/partner",
    visit: { ...signedIn("200"), user: "302 /dashboard" },
    rowSeenBy: ["partner", "admin", "check-in staff"],
  },
  {
    // The check-in pages' service worker: the same code for everyone, holding no one's data (ADR 038).
    name: "the check-in service worker",
    routes: ["/dashboard/partner/check-in/sw.js"],
    under: "/dashboard/partner/check-in/",
    visit: same("200"),
  },
  {
    // The check-in page's roster, read by its own script (ADR 038): answers in JSON, 401
    // signed out rather than the login page, and the host's event only to its people.
    name: "the check-in roster",
    routes: ["/dashboard/partner/check-in/:eventId/roster.json"],
    under: "/dashboard/partner",
    visit: { ...same("200"), anonymous: "401", user: "403" },
    rowSeenBy: ["partner", "admin", "check-in staff"],
  },
  {
    // The check-in page's queue, posted by its script: a status, never a redirect; it has no
    // page, and React Router answers a visit with 400.
    name: "the check-in queue",
    routes: ["/dashboard/partner/check-in/:eventId/sync"],
    under: "/dashboard/partner",
    visit: same("400"),
    post: { anonymous: "401", user: "403", "other partner": "404" },
  },
  {
    // Posted from the editors' scripts, so it answers with a status, never a redirect; it
    // has no page, and React Router answers a visit with 400.
    name: "the partner area's uploads",
    routes: ["/dashboard/partner/images"],
    under: "/dashboard/partner",
    visit: same("400"),
    post: { anonymous: "401", user: "403", "check-in staff": "403" },
  },
  {
    name: "the admin area",
    routes: [
      "/dashboard/admin",
      "/dashboard/admin/events",
      "/dashboard/admin/events/:id",
      "/dashboard/admin/partners",
      "/dashboard/admin/partners/new",
      "/dashboard/admin/partners/applications",
      "/dashboard/admin/partners/applications/:id",
      "/dashboard/admin/partners/:id",
      "/dashboard/admin/audit",
      "/dashboard/admin/users",
      "/dashboard/admin/users/:id",
      "/dashboard/admin/settings",
      "/dashboard/admin/reports",
      "/dashboard/admin/reports/export.csv",
      "/dashboard/admin/invoices",
      "/dashboard/admin/invoices/export.csv",
      "/dashboard/admin/invoices/bank-statement",
      "/dashboard/admin/invoices/:id",
      "/dashboard/admin/statements",
      "/dashboard/admin/discount-codes",
      "/dashboard/admin/payments",
      "/dashboard/admin/payments/export.csv",
      "/dashboard/admin/*",
    ],
    under: "/dashboard/admin",
    visit: { ...signedIn("302 /dashboard"), admin: "200" },
  },
];

/** Answers that differ from the area's, each with its reason. */
const OVERRIDES: Record<string, Partial<Record<Role, Expected>>> = {
  // The club's short link, kept permanently.
  "/frggermania": same("301 /partners/frankfurter-rg-germania"),
  // Signed-in people have nothing to do on the login page.
  "/login": { ...signedIn("302 /dashboard"), anonymous: "200" },
  // Logging out changes state, so a visit only leads back to the site.
  "/logout": same("302 /"),
};

/**
 * The routes whose action dispatches on the form's `intent` (`runIntent`, or a page's
 * helper built on it). A test below keeps the list true to the route files.
 */
const INTENT_ROUTES = [
  "/rower/:token",
  "/crew/:token",
  "/dashboard/bookings/:id",
  "/dashboard/partner/events",
  "/dashboard/partner/events/new",
  "/dashboard/partner/events/:id",
  "/dashboard/partner/events/:id/messages",
  "/dashboard/partner/events/:id/weather",
  "/dashboard/partner/events/:id/weather/decide",
  "/dashboard/partner/registrations/:id",
  "/dashboard/partner/invoices/bank-statement",
  "/dashboard/partner/invoices/:id",
  "/dashboard/partner/discount-codes",
  "/dashboard/partner/inquiries/:id",
  "/dashboard/partner/profile",
  "/dashboard/partner/staff",
  "/dashboard/admin/events/:id",
  "/dashboard/admin/partners/applications/:id",
  "/dashboard/admin/partners/:id",
  "/dashboard/admin/users/:id",
  "/dashboard/admin/invoices/bank-statement",
  "/dashboard/admin/invoices/:id",
  "/dashboard/admin/discount-codes",
];

/** Of those, the partner-area pages that name the partner they work for by `?partner=`. */
const PARTNER_IN_QUERY = new Set([
  "/dashboard/partner/events/new",
  "/dashboard/partner/invoices/bank-statement",
  "/dashboard/partner/profile",
  "/dashboard/partner/staff",
]);

/** A query a route needs to answer at all. */
const QUERIES: Record<string, string> = {
  "/dashboard/admin/reports/export.csv": "?report=monthly",
};

// ── The walk ────────────────────────────────────────────────────────────────────────

type WalkedRoute = { id: string; pattern: string; file: string };

/** Every route of the table, children and index routes included, with its full URL pattern. */
function walk(entries: RouteConfigEntry[], parent = ""): WalkedRoute[] {
  return entries.flatMap((entry) => {
    const own = entry.index ? "" : (entry.path ?? "");
    const pattern = [parent, own].filter(Boolean).join("/").replace(/\/+/g, "/") || "/";
    const absolute = pattern.startsWith("/") ? pattern : `/${pattern}`;
    // React Router names a route by its file, without the extension, unless it is given an id.
    const id = entry.id ?? entry.file.replace(/\.[^./]+$/, "");
    return [{ id, pattern: absolute, file: entry.file }, ...walk(entry.children ?? [], absolute)];
  });
}

const walked = walk(routeTable);

/** The production build the site serves (made by the global setup), to read what each route exports. */
const build = (await import(
  fileURLToPath(new URL("../../../build/server/index.js", import.meta.url))
)) as ServerBuild;

/** A layout and its index route share a URL: one visit answers for both. */
const patterns = [...new Set(walked.map((route) => route.pattern))];

/**
 * The English route a pattern is: a Danish public page (`/da/…`, ADR 033) is the same page,
 * declared once, whose redirects lead to Danish pages too.
 */
const english = (pattern: string) => unlocalizedPath(pattern);
const isDanish = (pattern: string) => localeOfPath(pattern) === "da";

const isDeclared = (pattern: string) => AREAS.some((area) => area.routes.includes(english(pattern)));

function areaOf(pattern: string): Area {
  const [area, ...more] = AREAS.filter((candidate) => candidate.routes.includes(english(pattern)));
  if (!area || more.length > 0) throw new Error(`${pattern} must be declared in exactly one area.`);
  return area;
}

/** A route that names a row by its id (`:id`, `:eventId`); slugs and tokens name what is public. */
const isRow = (pattern: string) => /\/:(id|eventId)(\/|$)/.test(pattern);
const isUnknownPath = (pattern: string) => pattern.endsWith("*");

function expectedVisit(pattern: string, role: Role): Expected {
  const area = areaOf(pattern);
  const expected = OVERRIDES[english(pattern)]?.[role] ?? area.visit[role];
  if (expected !== "200") return expected;
  // Past the area's rule, a path that names nothing is not found, and neither is a row
  // the visitor may not see.
  if (isUnknownPath(pattern)) return "404";
  if (isRow(pattern) && area.rowSeenBy && !area.rowSeenBy.includes(role)) return "404";
  return expected;
}

const isRefusal = (expected: Expected) =>
  expected === "login" || expected === "302 /dashboard" || expected.startsWith("4");

/**
 * The roles a post must be refused to, and how: the area's own list, or else the visit's
 * refusal. A row the poster may not see is "not found" whatever the form says, as the
 * action finds the row before it reads the form (`runIntent`).
 */
function refusedPosts(pattern: string): [Role, Expected][] {
  const area = areaOf(pattern);
  if (area.post) return Object.entries(area.post) as [Role, Expected][];
  return ROLES.flatMap((role): [Role, Expected][] => {
    const expected = expectedVisit(pattern, role);
    return isRefusal(expected) ? [[role, expected]] : [];
  });
}

/** What every post of these tests sends: a form no page has. */
const UNKNOWN_FORM = { intent: "no-such-form" };

// ── The site, its people and the sample rows ───────────────────────────────────────

const cast = castForThisFile();
const site = () => cast().site;
/** A sample value for each parameter, by the path segment before it. */
const samples: Record<string, string> = {};

beforeAll(async () => {
  const { accounts, hostPartnerId, hostPartnerSlug } = cast();
  const { db } = site().database;
  staffCookie = (
    await createAccount(site(), { partnerId: hostPartnerId, memberRole: "check_in", firstName: "Stine" })
  ).cookie;
  const event = await createTestEvent(db, hostPartnerId);
  const [booking] = await db
    .insert(teamRegistrations)
    .values({
      eventId: event.id,
      userId: accounts.user.id,
      teamName: "Matrix Crew",
      company: "Matrix A/S",
      status: "confirmed",
      roster: [{ name: "Mia Matrix", email: "mia@matrix.example" }],
    })
    .returning();
  const [seat] = await db.select().from(rowerSeats).where(eq(rowerSeats.registrationId, booking!.id));
  const [inquiry] = await db
    .insert(inquiries)
    .values({ partnerId: hostPartnerId, name: "Ina", email: "ina@matrix.example", message: "A day for 20?" })
    .returning();
  const [application] = await db
    .insert(partnerApplications)
    .values({
      organizationName: "Matrix Rowing",
      organizationType: "rowing_club",
      location: "Aarhus",
      contactName: "Mads",
      email: "mads@matrix.example",
      description: "Boats",
      message: "We would like to join",
    })
    .returning();
  // The booking's invoice, issued in the host partner's name.
  const content = sampleInvoice({ language: "en" });
  const [document] = await db
    .insert(invoices)
    .values({
      kind: "invoice",
      purpose: "booking",
      seriesKey: `partner:${hostPartnerId}`,
      sequenceNumber: 42,
      number: content.number,
      sellerPartnerId: hostPartnerId,
      registrationId: booking!.id,
      bookerUserId: accounts.user.id,
      eventId: event.id,
      language: content.language,
      issueDate: content.issueDate,
      deliveryDate: content.deliveryDate,
      dueDate: content.dueDate,
      netMinor: content.totals.netMinor,
      vatMinor: content.totals.vatMinor,
      grossMinor: content.totals.grossMinor,
      content,
    })
    .returning();
  // The booking paid online, so its pages show a payment, to its booker, the host's members
  // and admins only: another partner asking for the booking's page is told "not found".
  await db.insert(payments).values({
    registrationId: booking!.id,
    bookerUserId: accounts.user.id,
    partnerId: hostPartnerId,
    eventId: event.id,
    provider: "test",
    checkoutId: "matrix-checkout",
    checkoutUrl: "https://rcl.test/test-checkout/matrix-checkout",
    status: "paid",
    netMinor: content.totals.netMinor,
    vatMinor: content.totals.vatMinor,
    amountMinor: content.totals.grossMinor,
    invoiceId: document!.id,
    paidAt: new Date(),
  });
  // The host partner's statement of the document's month.
  const [statement] = await db
    .insert(partnerStatements)
    .values({
      partnerId: hostPartnerId,
      month: `${content.issueDate.slice(0, 7)}-01`,
      netMinor: content.totals.netMinor,
      vatMinor: content.totals.vatMinor,
      grossMinor: content.totals.grossMinor,
      partnerKeepsMinor: content.totals.grossMinor,
    })
    .returning();
  await db.insert(statementDocuments).values({ invoiceId: document!.id, statementId: statement!.id });
  const { token, tokenHash } = newInvitationToken();
  await db.insert(partnerInvitations).values({
    partnerId: hostPartnerId,
    email: "new-member@matrix.example",
    tokenHash,
    expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
  });
  const checkout = await site().payments.createCheckout({
    paymentId: crypto.randomUUID(),
    amountMinor: 500_000,
    currency: "DKK",
    description: "Team place – Matrix Regatta",
    customerEmail: null,
    locale: "en",
    successUrl: `${site().baseUrl}/dashboard/bookings`,
    cancelUrl: `${site().baseUrl}/events/${event.slug}`,
    expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
    destination: null,
  });
  const account = await site().payments.createConnectedAccount({
    partnerId: hostPartnerId,
    email: "treasurer@matrix.example",
    country: "DK",
  });
  Object.assign(samples, {
    "test-payment/:checkoutId": checkout.checkoutId,
    "onboarding/:accountId": account.accountId,
    "events/:slug": event.slug,
    "partners/:slug": hostPartnerSlug,
    "registered/:id": booking!.id,
    "bookings/:id": booking!.id,
    "documents/:id": document!.id,
    "invoices/:id": document!.id,
    "statements/:id": statement!.id,
    ":id/:format": "pdf",
    "events/:id": event.id,
    "check-in/:eventId": event.id,
    "registrations/:id": booking!.id,
    "inquiries/:id": inquiry!.id,
    "applications/:id": application!.id,
    "partners/:id": hostPartnerId,
    "users/:id": accounts.user.id,
    "invitations/:token": token,
    "rower/:token": seatToken(site().seatLinks.authSecret, seat!),
    "crew/:token": crewToken(site().seatLinks.authSecret, { id: booking!.id, tokenVersion: 1 }),
    "stop-reminders/:token": stopRemindersToken(site().seatLinks.authSecret, seat!),
    "sitemaps/:file": "pages-1.xml",
  });
});

/** The URL to try for a pattern: each parameter filled in, an unknown path for `*`. */
function urlOf(pattern: string): string {
  const segments = pattern.split("/");
  const filled = segments.map((segment, index) => {
    if (segment === "*") return "no-such-page";
    if (!segment.startsWith(":")) return segment;
    const key = `${segments[index - 1]}/${segment}`;
    const sample = samples[key];
    if (sample === undefined) throw new Error(`No sample value for ${key} (in ${pattern}); add one.`);
    return encodeURIComponent(sample);
  });
  return filled.join("/") + (QUERIES[english(pattern)] ?? "");
}

function moduleOf(route: WalkedRoute) {
  const built = build.routes[route.id];
  if (!built) throw new Error(`The build has no route ${route.id}.`);
  return built.module;
}
const hasLoader = (pattern: string) =>
  walked.some((route) => route.pattern === pattern && moduleOf(route).loader);
const hasAction = (pattern: string) =>
  walked.some((route) => route.pattern === pattern && moduleOf(route).action);

/** Check-in staff of the host partner, made with the sample rows. */
let staffCookie: string | undefined;

/** The matrix's visitors are the cast's actors and the host's check-in staff; "anonymous" is the signed-out one. */
const cookieFor = (role: Role) =>
  role === "check-in staff" ? staffCookie : cookieOf(cast(), role === "anonymous" ? "signed out" : role);

function outcome(response: Response): string {
  if (response.status >= 300 && response.status < 400)
    return `${response.status} ${response.headers.get("location")}`;
  return String(response.status);
}

/** The expected answer as `outcome()` writes it, for this URL: a Danish page's redirects stay Danish. */
function written(expected: Expected, url: string): string {
  const answer = expected === "login" ? `302 ${loginLocation(url)}` : expected;
  if (!isDanish(url.split("?")[0]!) || !answer.startsWith("30")) return answer;
  const [status, target] = answer.split(" ");
  return `${status} ${localizedPath(target!, "da")}`;
}

/** Every row a refused post could change, whole. */
async function snapshot(db: Database) {
  return {
    events: await db.select().from(events).orderBy(events.id),
    revisions: await db.select().from(eventRevisions).orderBy(eventRevisions.eventId),
    registrations: await db.select().from(teamRegistrations).orderBy(teamRegistrations.id),
    partners: await db.select().from(partners).orderBy(partners.id),
    members: await db.select().from(partnerMembers).orderBy(partnerMembers.userId),
    invitations: await db.select().from(partnerInvitations).orderBy(partnerInvitations.id),
    applications: await db.select().from(partnerApplications).orderBy(partnerApplications.id),
    inquiries: await db.select().from(inquiries).orderBy(inquiries.id),
    users: await db.select().from(users).orderBy(users.id),
    profiles: await db.select().from(profiles).orderBy(profiles.userId),
    settings: await db.select().from(siteSettings),
    billingProfiles: await db.select().from(partnerBillingProfiles).orderBy(partnerBillingProfiles.partnerId),
    statements: await db.select().from(partnerStatements).orderBy(partnerStatements.id),
    discountCodes: await db.select().from(discountCodes).orderBy(discountCodes.id),
    images: await db.select().from(images).orderBy(images.id),
    messages: await db.select().from(participantMessages).orderBy(participantMessages.id),
    audit: await db.select().from(auditLog).orderBy(auditLog.id),
    mail: await db.select().from(outboxEmails).orderBy(outboxEmails.id),
  };
}

// ── The tests ──────────────────────────────────────────────────────────────────────

describe("the guard matrix covers app/routes.ts", () => {
  it("declares every route of the table in exactly one area, and no route the table lacks", () => {
    const declared = AREAS.flatMap((area) => area.routes);
    expect([...declared].sort()).toEqual([...new Set(patterns.map(english))].sort());
    expect(new Set(declared).size).toBe(declared.length);
    for (const pattern of Object.keys({ ...OVERRIDES, ...QUERIES })) expect(patterns).toContain(pattern);
  });

  it.each(AREAS.filter((area) => area.under))("keeps $name's routes under its path", (area) => {
    for (const pattern of area.routes) expect(pattern.startsWith(area.under!), pattern).toBe(true);
  });
});

// Routes missing from AREAS fail the first test, and are left out of the others.
const declared = patterns.filter(isDeclared);

describe("visiting every route", () => {
  it.each(declared)("%s", async (pattern) => {
    const url = urlOf(pattern);
    // React Router logs a visit to a route with no loader as an error, and answers 400.
    if (!hasLoader(pattern)) vi.mocked(console.error).mockImplementation(() => {});
    const answers = await Promise.all(
      ROLES.map(async (role) => {
        const response = await visit(site(), url, cookieFor(role));
        await response.body?.cancel();
        return [role, outcome(response)] as const;
      }),
    );
    const expected = ROLES.map((role) => [role, written(expectedVisit(pattern, role), url)] as const);
    expect(Object.fromEntries(answers)).toEqual(Object.fromEntries(expected));
  });
});

describe("the data a client-side navigation fetches, route by route", () => {
  // A data request can name one route alone (`?_routes=`), so each loader's own guard
  // must refuse: the layout's does not run.
  // Only pages: a resource route (a file, an API) is never fetched as data.
  const pages = walked.filter(
    (route) => isDeclared(route.pattern) && moduleOf(route).loader && moduleOf(route).default,
  );
  const refusedLoads = pages.flatMap((route) =>
    ROLES.filter((role) => isRefusal(expectedVisit(route.pattern, role))).map(
      (role) => [route.pattern, route.id, role] as const,
    ),
  );

  it.each(refusedLoads)("%s (%s) refuses %s", async (pattern, id, role) => {
    const url = urlOf(pattern);
    const [path, query = ""] = url.split("?");
    const dataUrl = `${path === "/" ? "/_root" : path}.data?${new URLSearchParams([
      ...new URLSearchParams(query),
      ["_routes", id],
    ])}`;
    const response = await visit(site(), dataUrl, cookieFor(role));
    const body = await response.text();
    const expected = written(expectedVisit(pattern, role), url);
    if (expected.startsWith("30")) {
      // A redirect reaches a data request as data, for the router to follow.
      expect(body).toContain('"SingleFetchRedirect"');
      expect(body).toContain(`"redirect","${expected.split(" ")[1]}"`);
      // and nothing of the route's own data comes with it.
      expect(body).not.toContain(`"${id}"`);
    } else {
      expect(String(response.status)).toBe(expected);
    }
  });
});

describe("posting to every route with an action, as those it refuses", () => {
  const posted = declared.filter((pattern) => hasAction(pattern) && refusedPosts(pattern).length > 0);

  it.each(posted)("%s", async (pattern) => {
    const url = urlOf(pattern);
    const before = await snapshot(site().database.db);
    for (const [role, expected] of refusedPosts(pattern)) {
      const response = await postForm(site(), url, UNKNOWN_FORM, cookieFor(role));
      await response.body?.cancel();
      expect(outcome(response), role).toBe(written(expected, url));
    }
    expect(await snapshot(site().database.db)).toEqual(before);
  });
});

describe("a form a page does not have, to every route that dispatches on intent", () => {
  /** What a route's file says, to find the actions that dispatch on intent. */
  const sourceOf = (route: WalkedRoute) =>
    fs.readFileSync(new URL(`../../../app/${route.file}`, import.meta.url), "utf8");

  it("knows every such route", () => {
    const dispatching = walked
      .filter((route) => moduleOf(route).action && /\brun\w*Intent\(/.test(sourceOf(route)))
      .map((route) => english(route.pattern));
    expect([...new Set(dispatching)].sort()).toEqual([...INTENT_ROUTES].sort());
  });

  // The record the address names is found before the form is read: whoever may not see it
  // is told "not found", as for any other post, and only who may use the page hears that
  // the form is unknown. The refusals of the area itself are the test above's.
  it.each(INTENT_ROUTES)("%s", async (pattern) => {
    const partnerQuery = PARTNER_IN_QUERY.has(pattern) ? `?partner=${cast().hostPartnerId}` : "";
    const url = `${urlOf(pattern)}${partnerQuery}`;
    const before = await snapshot(site().database.db);
    const answers: Partial<Record<Role, string>> = {};
    const expected: Partial<Record<Role, string>> = {};
    for (const role of ROLES) {
      const visitAnswer = expectedVisit(pattern, role);
      if (isRefusal(visitAnswer) && visitAnswer !== "404") continue;
      // The host partner's page asked for by another partner is another partner's record too.
      const notTheirs = visitAnswer === "404" || (partnerQuery !== "" && role === "other partner");
      const response = await postForm(site(), url, UNKNOWN_FORM, cookieFor(role));
      await response.body?.cancel();
      answers[role] = outcome(response);
      expected[role] = notTheirs ? "404" : "400";
    }
    expect(Object.values(expected)).toContain("400");
    expect(answers).toEqual(expected);
    expect(await snapshot(site().database.db)).toEqual(before);
  });
});

// ── Every page in Danish ──────────────────────────────────────────────────────────

/**
 * The texts of the English catalogue that Danish does not share (ADR 032), each as a
 * pattern matching a whole text of a page: a parameter matches anything.
 */
function englishOnlyTexts(): { key: string; text: string; pattern: RegExp }[] {
  const read = (locale: string) =>
    JSON.parse(
      fs.readFileSync(new URL(`../../../messages/${locale}.json`, import.meta.url), "utf8"),
    ) as Record<string, unknown>;
  const strings = (value: unknown): string[] =>
    typeof value === "string"
      ? [value]
      : (JSON.stringify(value).match(/(?<=":")(?:[^"\\]|\\.)*(?=")/g) ?? []);
  const en = read("en");
  const da = read("da");
  const danish = new Set(Object.values(da).flatMap(strings));
  return (
    Object.entries(en)
      .filter(([key]) => key !== "$schema")
      .flatMap(([key, value]) => strings(value).map((text) => ({ key, text })))
      // A text mostly made of its parameters ("{a} and {b}") would match any sentence.
      .filter(({ text }) => {
        const literal = text.replace(/\{\w+\}/g, "").trim();
        return (
          !danish.has(text) && literal.length >= 3 && (literal.length === text.length || literal.length >= 12)
        );
      })
      .map(({ key, text }) => ({
        key,
        text,
        pattern: new RegExp(
          `^${text
            .split(/\{\w+\}/)
            .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
            .join(".+")}$`,
          "s",
        ),
      }))
  );
}

/** Attributes people read or hear. */
const READ_ATTRIBUTES = new Set(["aria-label", "alt", "placeholder", "title", "aria-description"]);

/**
 * What a person reads or hears on the page, as whole texts: each text between tags and
 * each label-like attribute. Scripts and styles are skipped, and so is everything inside
 * an element marked as another language (`lang="en"`: the switch naming English, a block
 * only written in English), which screen readers pronounce as English.
 */
function readableTexts(html: string): string[] {
  const texts: string[] = [];
  const stack: { name: string; skip: boolean }[] = [];
  const skipping = () => stack.some((element) => element.skip);
  let text = "";
  const flush = () => {
    const trimmed = text.replace(/\s+/g, " ").trim();
    if (trimmed && !skipping()) texts.push(trimmed);
    text = "";
  };
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        flush();
        const skip = name === "script" || name === "style" || name === "template" || attributes.lang === "en";
        if (!VOID_ELEMENTS.has(name)) stack.push({ name, skip });
        if (skip || skipping()) return;
        for (const [attribute, value] of Object.entries(attributes)) {
          if (READ_ATTRIBUTES.has(attribute) && value.trim()) texts.push(value.trim());
        }
      },
      ontext(data) {
        text += data;
      },
      onclosetag(name) {
        flush();
        if (!VOID_ELEMENTS.has(name)) stack.pop();
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return texts;
}

const VOID_ELEMENTS = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "source",
  "track",
  "wbr",
]);

describe("every page in Danish, as each person who may see it", () => {
  const english = englishOnlyTexts();
  const signedInRoles = ROLES.filter((role) => role !== "anonymous");
  /** Pages with a component, in the URL's language: Danish public pages and every dashboard. */
  const danishPages = declared.filter(
    (pattern) =>
      (isDanish(pattern) || !hasLanguageInPath(pattern)) &&
      walked.some((route) => route.pattern === pattern && moduleOf(route).default),
  );

  beforeAll(async () => {
    // Everyone's saved language is Danish, so the dashboards speak it (ADR 033).
    await site().database.db.update(profiles).set({ language: "da" });
  });

  afterAll(async () => {
    await site().database.db.update(profiles).set({ language: "en" });
  });

  it("has Danish pages to read, and English-only texts to look for", () => {
    expect(danishPages.length).toBeGreaterThan(40);
    expect(english.length).toBeGreaterThan(500);
  });

  it.each(danishPages)("%s shows no text of the English catalogue", async (pattern) => {
    const url = urlOf(pattern);
    const roles = isDanish(pattern) ? ROLES : signedInRoles;
    const found: string[] = [];
    for (const role of roles) {
      if (expectedVisit(pattern, role) !== "200") continue;
      const cookie = [cookieFor(role), "lang=da"].filter(Boolean).join("; ");
      const response = await visit(site(), url, cookie);
      expect(response.status, `${url} as ${role}`).toBe(200);
      const html = await response.text();
      expect(html, `${url} as ${role}`).toContain('<html lang="da"');
      for (const text of readableTexts(html)) {
        const match = english.find(({ pattern: englishText }) => englishText.test(text));
        if (match) found.push(`${role}: "${text}" (${match.key})`);
      }
    }
    expect([...new Set(found)]).toEqual([]);
  });
});
