import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Actor } from "#server/auth/actor";
import {
  ANALYTICS_EVENTS_PAGE_SIZE,
  getPartnerAnalytics,
  type EventFigures,
} from "#server/analytics/partner-analytics";
import { createPageViewCounter } from "#server/analytics/page-view-counter";
import { eventPageViews, teamRegistrations, type events } from "#server/db/schema";
import { copenhagenDate, dateKey } from "~/lib/calendar-date";
import { createAccount, type TestAccount } from "../support/accounts";
import { adminActor, createPerson, partnerActor, type Person } from "../support/event-publishing";
import { createTestEvent } from "../support/events";
import { createTestSite, type TestSite } from "../support/http-app";
import { createTestPartner } from "../support/partners";

// Issue 12: page views counted on the public event page, and the partner's analytics
// page built from them and the bookings. The fixture lives in March 2025, away from the
// sample content, whose dates follow today. Who may read which event's figures is tested
// in authorization/analytics.test.ts.

const BROWSER =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const MARCH = { from: "2025-03-01", to: "2025-03-31" };
const ANALYTICS = "/dashboard/partner/analytics";

let site: TestSite;
const db = () => site.database.db;

let harbour: Awaited<ReturnType<typeof createTestPartner>>;
let fjord: Awaited<ReturnType<typeof createTestPartner>>;
let harbourActor: Actor;
let fjordActor: Actor;
let admin: Actor;
let booker: Person;
let harbourAccount: TestAccount;
let adminAccount: TestAccount;

type Fixture = Record<
  "regatta" | "london" | "quiet" | "draft" | "summer" | "premium",
  { id: string; title: string }
>;
let fixture: Fixture;

const at = (iso: string) => new Date(iso);

/** A published event of `partnerId`, taking place on `startsAt` (8 hours). */
async function publishedEvent(
  partnerId: string,
  title: string,
  startsAt: Date,
  overrides: Partial<typeof events.$inferInsert> = {},
) {
  const event = await createTestEvent(db(), partnerId, {
    title,
    startsAt,
    endsAt: new Date(startsAt.getTime() + 8 * 60 * 60 * 1000),
    registrationDeadline: new Date(startsAt.getTime() - 24 * 60 * 60 * 1000),
    publishedAt: at("2025-01-15T10:00:00Z"),
    ...overrides,
  });
  return { id: event.id, title: event.title };
}

async function book(
  eventId: string,
  status: "confirmed" | "waitlisted" | "cancelled",
  createdAt: string,
  cancelledAt?: string,
) {
  await db()
    .insert(teamRegistrations)
    .values({
      eventId,
      userId: booker.id,
      teamName: `Crew ${randomUUID().slice(0, 6)}`,
      company: "Analytics ApS",
      status,
      createdAt: at(createdAt),
      cancelledAt: cancelledAt ? at(cancelledAt) : null,
    });
}

async function views(eventId: string, day: string, count: number) {
  await db().insert(eventPageViews).values({ eventId, day, views: count });
}

beforeAll(async () => {
  site = await createTestSite();
  harbour = await createTestPartner(db(), "Analytics Harbour Roklub");
  fjord = await createTestPartner(db(), "Analytics Fjord Club", { tier: "premium", revenueSharePercent: 10 });
  const harbourMember = await createPerson(db(), {
    role: "partner",
    partnerId: harbour.id,
    label: "harbour",
  });
  const fjordMember = await createPerson(db(), { role: "partner", partnerId: fjord.id, label: "fjord" });
  harbourActor = partnerActor(harbourMember, harbour.id);
  fjordActor = partnerActor(fjordMember, fjord.id);
  admin = adminActor(await createPerson(db(), { role: "admin", label: "analyst" }));
  booker = await createPerson(db(), { label: "booker" });

  const future = at("2099-06-01T08:00:00Z");
  fixture = {
    regatta: await publishedEvent(harbour.id, "Analytics Regatta", future, {
      priceMinor: 250_000,
      currency: "DKK",
      maxTeams: 4,
    }),
    london: await publishedEvent(harbour.id, "Analytics Thames Day", future, {
      priceMinor: 960_000,
      currency: "DKK",
      maxTeams: 2,
    }),
    // Takes place in March with nothing else happening: listed, with zeros.
    quiet: await publishedEvent(harbour.id, "Analytics Quiet Sprint", at("2025-03-25T08:00:00Z"), {
      priceMinor: 100_000,
      maxTeams: 6,
    }),
    // Never published: not listed even though it would take place in March.
    draft: await publishedEvent(harbour.id, "Analytics Draft Outing", at("2025-03-20T08:00:00Z"), {
      status: "draft",
      publishedAt: null,
    }),
    // Takes place after March, with no activity in it.
    summer: await publishedEvent(harbour.id, "Analytics Summer Cup", at("2025-06-01T08:00:00Z")),
    premium: await publishedEvent(fjord.id, "Analytics Fjord Challenge", future, {
      priceMinor: 800_000,
      currency: "DKK",
      maxTeams: 5,
    }),
  };

  const { regatta, london, premium, summer } = fixture;
  await views(regatta.id, "2025-02-28", 100);
  await views(regatta.id, "2025-03-01", 10);
  await views(regatta.id, "2025-03-15", 30);
  await views(regatta.id, "2025-04-01", 100);
  await views(london.id, "2025-03-10", 5);
  await views(premium.id, "2025-03-05", 8);
  await views(summer.id, "2025-05-20", 7);

  await book(regatta.id, "confirmed", "2025-03-02T10:00:00Z");
  await book(regatta.id, "confirmed", "2025-03-20T10:00:00Z");
  await book(regatta.id, "waitlisted", "2025-03-21T10:00:00Z");
  await book(regatta.id, "cancelled", "2025-03-05T10:00:00Z", "2025-03-06T10:00:00Z");
  // Booked before March, cancelled in it: a cancellation of March, not a registration.
  await book(regatta.id, "cancelled", "2025-02-10T10:00:00Z", "2025-03-10T10:00:00Z");
  await book(regatta.id, "confirmed", "2025-02-01T10:00:00Z");
  // 00:30 on 1 April in Copenhagen (summer time): April, though UTC still says 31 March.
  await book(regatta.id, "waitlisted", "2025-03-31T22:30:00Z");
  // 00:30 on 1 March in Copenhagen: March, though UTC still says 28 February.
  await book(regatta.id, "waitlisted", "2025-02-28T23:30:00Z");
  await book(london.id, "confirmed", "2025-03-12T10:00:00Z");
  await book(premium.id, "confirmed", "2025-03-06T10:00:00Z");
  await book(premium.id, "confirmed", "2025-03-06T11:00:00Z");

  harbourAccount = await createAccount(site, { role: "partner", partnerId: harbour.id });
  adminAccount = await createAccount(site, { role: "admin" });
});

afterAll(async () => {
  await site?.background.settled();
  await site?.close();
});

// ── Counting page views ────────────────────────────────────────────────────────────

/** The event's views on today's Copenhagen day, as stored. */
async function viewsToday(eventId: string): Promise<number> {
  const rows = await db()
    .select({ views: eventPageViews.views, day: eventPageViews.day })
    .from(eventPageViews)
    .where(eq(eventPageViews.eventId, eventId));
  const today = dateKey(copenhagenDate(new Date()));
  return rows.find((row) => row.day === today)?.views ?? 0;
}

const open = (path: string, headers: Record<string, string> = { "User-Agent": BROWSER }, method = "GET") =>
  site.request(path, { method, headers, redirect: "manual" });

describe("page views", () => {
  let slug: string;
  let eventId: string;

  beforeAll(async () => {
    const event = await createTestEvent(db(), harbour.id, { title: "Analytics Counted Regatta" });
    slug = event.slug;
    eventId = event.id;
  });

  it("counts a browser opening the page, by document or client-side navigation, without a cookie", async () => {
    expect(await viewsToday(eventId)).toBe(0);
    const page = await open(`/events/${slug}`);
    expect(page.status).toBe(200);
    expect(page.headers.getSetCookie()).toEqual([]);
    expect(await viewsToday(eventId)).toBe(1);

    const navigation = await open(`/events/${slug}.data`);
    expect(navigation.status).toBe(200);
    expect(navigation.headers.getSetCookie()).toEqual([]);
    expect(await viewsToday(eventId)).toBe(2);

    // One row per event and day, counting up.
    await open(`/events/${slug}`);
    const rows = await db().select().from(eventPageViews).where(eq(eventPageViews.eventId, eventId));
    expect(rows).toEqual([{ eventId, day: dateKey(copenhagenDate(new Date())), views: 3 }]);
  });

  it("does not count robots, requests without a User-Agent, prefetches or HEAD requests", async () => {
    const before = await viewsToday(eventId);
    const answers = [
      await open(`/events/${slug}`, { "User-Agent": GOOGLEBOT }),
      await open(`/events/${slug}.data`, { "User-Agent": GOOGLEBOT }),
      await open(`/events/${slug}`, {}),
      await open(`/events/${slug}`, { "User-Agent": BROWSER, "Sec-Purpose": "prefetch" }),
      await open(`/events/${slug}.data`, { "User-Agent": BROWSER, "Sec-Purpose": "prefetch;prerender" }),
      await open(`/events/${slug}`, { "User-Agent": BROWSER, Purpose: "prefetch" }),
      await open(`/events/${slug}`, { "User-Agent": BROWSER }, "HEAD"),
    ];
    for (const answer of answers) expect(answer.status).toBe(200);
    expect(await viewsToday(eventId)).toBe(before);
  });

  it("does not count the calendar file or the availability stream", async () => {
    const before = await viewsToday(eventId);
    expect((await open(`/events/${slug}/calendar.ics`)).status).toBe(200);
    const controller = new AbortController();
    const stream = await site.request(`/events/${slug}/availability`, {
      headers: { "User-Agent": BROWSER, Accept: "text/event-stream" },
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    controller.abort();
    await stream.body?.cancel().catch(() => undefined);
    expect(await viewsToday(eventId)).toBe(before);
  });

  it("counts nothing for an event the public cannot see, or one that does not exist", async () => {
    const draft = await createTestEvent(db(), harbour.id, { status: "draft" });
    const suspendedPartner = await createTestPartner(db(), "Analytics Suspended Club", {
      status: "suspended",
    });
    const hidden = await createTestEvent(db(), suspendedPartner.id);
    const before = await db().select().from(eventPageViews);
    expect((await open(`/events/${draft.slug}`)).status).toBe(404);
    expect((await open(`/events/${hidden.slug}`)).status).toBe(404);
    expect((await open(`/events/${draft.slug}.data`)).status).toBe(404);
    expect((await open("/events/no-such-analytics-event")).status).toBe(404);
    expect(await db().select().from(eventPageViews)).toEqual(before);
  });

  it("counts a page served from the cache like one rendered, and a navigation that ran the page's loader", async () => {
    const before = await viewsToday(eventId);
    const first = await open(`/events/${slug}`);
    const second = await open(`/events/${slug}`);
    expect(first.headers.get("X-Page-Cache")).toBe("miss");
    expect(second.headers.get("X-Page-Cache")).toBe("hit");
    // A navigation's data request for the page's own loader counts; one for the layout's alone does not.
    await open(`/events/${slug}.data?_routes=routes%2Fevents.%24slug`);
    await open(`/events/${slug}.data?_routes=root`);
    expect(await viewsToday(eventId)).toBe(before + 3);
  });

  it("writes the views it holds in one statement, and logs a failed write without failing", async () => {
    const other = await createTestEvent(db(), harbour.id, { title: "Analytics Batched Regatta" });
    const counter = createPageViewCounter(db(), { flushMs: 60_000 });
    await counter.add(other.slug);
    await counter.add(other.slug);
    await counter.add("no-such-event-slug");
    expect(await viewsToday(other.id)).toBe(0);
    await counter.close();
    expect(await viewsToday(other.id)).toBe(2);

    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const failing = createPageViewCounter(
      {
        execute: () => Promise.reject(new Error("the database is gone")),
      } as unknown as Parameters<typeof createPageViewCounter>[0],
      { flushMs: 0 },
    );
    await expect(failing.add(other.slug)).resolves.toBeUndefined();
    expect(logged).toHaveBeenCalledTimes(1);
    expect(String(logged.mock.calls[0]?.[0])).toContain("1 page views of 1 event pages were not counted");
    expect(await viewsToday(other.id)).toBe(2);
  });

  it("has a flush or close wait for a write already on its way, so no view is read or closed early", async () => {
    const other = await createTestEvent(db(), harbour.id, { title: "Analytics In-Flight Regatta" });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The first write waits until released; a flush after it must not return before it lands.
    let calls = 0;
    const slowDb = {
      execute: async (query: unknown) => {
        calls += 1;
        if (calls === 1) await held;
        return db().execute(query as Parameters<ReturnType<typeof db>["execute"]>[0]);
      },
    } as unknown as Parameters<typeof createPageViewCounter>[0];
    const counter = createPageViewCounter(slowDb, { flushMs: 60_000 });
    await counter.add(other.slug);
    const first = counter.flush();
    let flushed = false;
    const second = counter.flush().then(() => (flushed = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(flushed).toBe(false);
    release();
    await Promise.all([first, second]);
    expect(await viewsToday(other.id)).toBe(1);
    await counter.close();
  });
});

// ── The figures ──────────────────────────────────────────────────────────────────

const rowOf = (rows: EventFigures[], id: string) => rows.find((row) => row.id === id);

describe("getPartnerAnalytics", () => {
  it("gives a partner the figures of its own events over the range", async () => {
    const {
      totals,
      events: rows,
      allPartners,
    } = await getPartnerAnalytics(db(), {
      actor: harbourActor,
      range: MARCH,
    });
    expect(allPartners).toBe(false);
    const { regatta, london, quiet } = fixture;
    expect(rows.map((row) => row.id).sort()).toEqual([regatta.id, london.id, quiet.id].sort());

    expect(rowOf(rows, regatta.id)).toMatchObject({
      views: 40,
      registrations: 5,
      conversion: 5 / 40,
      confirmed: 3,
      maxTeams: 4,
      fillRate: 3 / 4,
      waitlisted: 3,
      cancellations: 2,
      currency: "DKK",
      revenueMinor: 750_000,
      sharePercent: 0,
      shareMinor: 0,
    });
    expect(rowOf(rows, london.id)).toMatchObject({
      views: 5,
      registrations: 1,
      conversion: 0.2,
      fillRate: 0.5,
      currency: "DKK",
      revenueMinor: 960_000,
      shareMinor: 0,
    });
    expect(rowOf(rows, quiet.id)).toMatchObject({
      views: 0,
      registrations: 0,
      conversion: null,
      fillRate: 0,
      revenueMinor: 0,
    });

    expect(totals).toEqual({
      views: 45,
      registrations: 6,
      conversion: 6 / 45,
      confirmed: 4,
      places: 12,
      fillRate: 4 / 12,
      waitlisted: 3,
      cancellations: 2,
      // The events' revenue added up: 7,500 + 9,600 DKK.
      revenue: [{ currency: "DKK", revenueMinor: 1_710_000, shareMinor: 0 }],
    });
  });

  it("gives RCL its share of a premium partner's revenue", async () => {
    const { totals, events: rows } = await getPartnerAnalytics(db(), { actor: fjordActor, range: MARCH });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: fixture.premium.id,
      views: 8,
      registrations: 2,
      conversion: 0.25,
      revenueMinor: 1_600_000,
      sharePercent: 10,
      shareMinor: 160_000,
    });
    expect(totals.revenue).toEqual([{ currency: "DKK", revenueMinor: 1_600_000, shareMinor: 160_000 }]);
  });

  it("counts only what happened in the range, in Copenhagen days", async () => {
    const firstHalf = await getPartnerAnalytics(db(), {
      actor: harbourActor,
      range: { from: "2025-03-01", to: "2025-03-15" },
    });
    expect(rowOf(firstHalf.events, fixture.regatta.id)).toMatchObject({
      views: 40,
      registrations: 3,
      cancellations: 2,
    });
    // The quiet sprint takes place on the 25th, outside; the London day had views on the 10th.
    expect(rowOf(firstHalf.events, fixture.quiet.id)).toBeUndefined();
    expect(rowOf(firstHalf.events, fixture.london.id)).toMatchObject({ views: 5, registrations: 1 });

    const april = await getPartnerAnalytics(db(), {
      actor: harbourActor,
      range: { from: "2025-04-01", to: "2025-04-30" },
    });
    expect(april.events.map((row) => row.id)).toEqual([fixture.regatta.id]);
    expect(april.totals).toMatchObject({ views: 100, registrations: 1, cancellations: 0 });

    const may = await getPartnerAnalytics(db(), {
      actor: harbourActor,
      range: { from: "2025-05-01", to: "2025-05-31" },
    });
    expect(may.events.map((row) => row.id)).toEqual([fixture.summer.id]);
  });

  it("draws the charts from the rows, a bar per day, zero-filled", async () => {
    const { charts } = await getPartnerAnalytics(db(), { actor: harbourActor, range: MARCH });
    expect(charts.granularity).toBe("day");
    expect(charts.views).toHaveLength(31);
    const viewsOn = (day: string) => charts.views.find((bar) => bar.from === day)?.count;
    expect(viewsOn("2025-03-01")).toBe(10);
    expect(viewsOn("2025-03-10")).toBe(5);
    expect(viewsOn("2025-03-15")).toBe(30);
    expect(viewsOn("2025-03-02")).toBe(0);
    const bookingsOn = (day: string) => charts.registrations.find((bar) => bar.from === day)?.count;
    expect(bookingsOn("2025-03-01")).toBe(1);
    expect(bookingsOn("2025-03-02")).toBe(1);
    expect(bookingsOn("2025-03-31")).toBe(0);
    expect(charts.registrations.reduce((sum, bar) => sum + bar.count, 0)).toBe(6);
  });

  it("draws a bar per week over longer ranges", async () => {
    const { charts } = await getPartnerAnalytics(db(), {
      actor: harbourActor,
      range: { from: "2025-02-01", to: "2025-04-30" },
    });
    expect(charts.granularity).toBe("week");
    // 1 February 2025 is a Saturday: the first bar is that weekend.
    expect(charts.views[0]).toMatchObject({ from: "2025-02-01", to: "2025-02-02", count: 0 });
    expect(charts.views.find((bar) => bar.from === "2025-02-24")).toMatchObject({
      to: "2025-03-02",
      count: 110,
    });
    expect(charts.views.reduce((sum, bar) => sum + bar.count, 0)).toBe(245);
  });

  it("narrows to one event", async () => {
    const one = await getPartnerAnalytics(db(), {
      actor: harbourActor,
      range: MARCH,
      eventId: fixture.london.id,
    });
    expect(one.events.map((row) => row.id)).toEqual([fixture.london.id]);
    expect(one.totals).toMatchObject({ views: 5, registrations: 1 });
    expect(one.charts.views.reduce((sum, bar) => sum + bar.count, 0)).toBe(5);
  });

  it("gives an admin every partner's events", async () => {
    const { events: rows, allPartners } = await getPartnerAnalytics(db(), { actor: admin, range: MARCH });
    expect(allPartners).toBe(true);
    for (const event of [fixture.regatta, fixture.london, fixture.quiet, fixture.premium]) {
      expect(rowOf(rows, event.id), event.title).toBeDefined();
    }
    expect(rowOf(rows, fixture.premium.id)?.partnerName).toBe("Analytics Fjord Club");
    const premium = await getPartnerAnalytics(db(), {
      actor: admin,
      range: MARCH,
      eventId: fixture.premium.id,
    });
    expect(premium.totals.revenue).toEqual([
      { currency: "DKK", revenueMinor: 1_600_000, shareMinor: 160_000 },
    ]);
  });

  it("gives a person without partners nothing", async () => {
    const loner: Actor = { userId: booker.id, role: "partner", partnerIds: [] };
    const { events: rows, totals } = await getPartnerAnalytics(db(), { actor: loner, range: MARCH });
    expect(rows).toEqual([]);
    expect(totals.views).toBe(0);
  });
});

// ── The page ─────────────────────────────────────────────────────────────────────

async function page(path: string, cookie?: string) {
  const response = await site.request(path, {
    headers: cookie ? { Cookie: cookie } : {},
    redirect: "manual",
  });
  return { status: response.status, html: await response.text() };
}

const text = (html: string) => html.replace(/<!-- -->/g, "");

/** The table of events (the filter's list names every event, so titles are looked for here). */
function eventTable(html: string): string {
  const start = html.indexOf('aria-label="Figures per event"');
  if (start < 0) return "";
  return text(html.slice(start, html.indexOf("</table>", start)));
}

describe("/dashboard/partner/analytics", () => {
  const march = `${ANALYTICS}?from=${MARCH.from}&to=${MARCH.to}`;

  it("shows a partner its own events' figures for the range in the address", async () => {
    const { status, html } = await page(march, harbourAccount.cookie);
    expect(status).toBe(200);
    const shown = text(html);
    const table = eventTable(html);
    expect(shown).toContain("March 1, 2025 – March 31, 2025");
    expect(table).toContain("Analytics Regatta");
    expect(table).toContain("Analytics Thames Day");
    expect(table).toContain("Analytics Quiet Sprint");
    expect(table).not.toContain("Analytics Draft Outing");
    // Another partner's event is not even in the filter's list.
    expect(shown).not.toContain("Analytics Fjord Challenge");
    expect(table).toContain("12.5%");
    expect(shown).toContain("13.3%");
    // Intl puts a no-break space after the currency code.
    expect(shown).toContain("DKK\u00a017,100");
    expect(shown).toContain("Page views per day");
    // An event without views has no conversion.
    expect(table).toContain("—");
  });

  it("keeps rows outside the range out", async () => {
    const { html } = await page(`${ANALYTICS}?from=2025-05-01&to=2025-05-31`, harbourAccount.cookie);
    const table = eventTable(html);
    expect(table).toContain("Analytics Summer Cup");
    expect(table).not.toContain("Analytics Regatta");
  });

  it("switches to weekly bars above 62 days", async () => {
    const { html } = await page(`${ANALYTICS}?from=2025-01-01&to=2025-03-31`, harbourAccount.cookie);
    expect(text(html)).toContain("Page views per week");
  });

  it("shows a message next to a date it cannot use and the last 30 days instead", async () => {
    const bad = await page(`${ANALYTICS}?from=2025-02-30&to=2025-03-31`, harbourAccount.cookie);
    expect(bad.status).toBe(200);
    expect(bad.html).toMatch(/aria-invalid="true" aria-describedby="analytics-from-error"/);
    expect(bad.html).toContain('id="analytics-from-error"');
    expect(bad.html).toContain("Enter a date such as 2027-06-15.");
    expect(bad.html).toContain('value="2025-02-30"');
    expect(bad.html).toContain("the figures are for the last 30 days");
    expect(eventTable(bad.html)).not.toContain("Analytics Regatta");

    const reversed = await page(`${ANALYTICS}?from=2025-03-31&to=2025-03-01`, harbourAccount.cookie);
    expect(reversed.html).toContain('id="analytics-to-error"');
    expect(reversed.html).toContain("The end date must be on or after the start date.");

    const long = await page(`${ANALYTICS}?from=2024-01-01&to=2025-03-31`, harbourAccount.cookie);
    expect(long.html).toContain("Choose a range of at most 366 days.");
  });

  it("narrows to one of the partner's events", async () => {
    const one = await page(`${march}&event=${fixture.london.id}`, harbourAccount.cookie);
    expect(one.status).toBe(200);
    expect(eventTable(one.html)).toContain("Analytics Thames Day");
    expect(eventTable(one.html)).not.toContain("Analytics Quiet Sprint");
  });

  it("shows an admin every partner's events", async () => {
    const { status, html } = await page(march, adminAccount.cookie);
    expect(status).toBe(200);
    const table = eventTable(html);
    expect(table).toContain("Analytics Regatta");
    expect(table).toContain("Analytics Fjord Challenge");
    expect(table).toContain("Analytics Fjord Club");
    expect((await page(`${march}&event=${fixture.premium.id}`, adminAccount.cookie)).status).toBe(200);
  });
});

describe("an analytics range of many events", () => {
  it("lists them a page at a time by start, with totals added up over all of them on every page", async () => {
    const club = await createTestPartner(db(), "Analytics Paging Club");
    const member = await createPerson(db(), { label: "paging" });
    const actor = partnerActor(member, club.id);
    // 55 events in June 2025, one confirmed team each: 54 at 1,000 DKK, one at 1,500.50 DKK.
    const created: string[] = [];
    for (let index = 0; index < 55; index++) {
      const day = String(1 + (index % 28)).padStart(2, "0");
      const event = await publishedEvent(
        club.id,
        `Paging Race ${String(index).padStart(2, "0")}`,
        at(`2025-06-${day}T08:00:00Z`),
        { priceMinor: index === 54 ? 150_050 : 100_000 },
      );
      await book(event.id, "confirmed", "2025-06-01T09:00:00Z");
      created.push(event.id);
    }
    const june = { from: "2025-06-01", to: "2025-06-30" };
    const pages = await Promise.all(
      [1, 2, 3].map((page) => getPartnerAnalytics(db(), { actor, range: june, page })),
    );
    const [first] = pages;
    expect(first!.eventCount).toBe(55);
    expect(pages.map(({ events }) => events.length)).toEqual([
      ANALYTICS_EVENTS_PAGE_SIZE,
      ANALYTICS_EVENTS_PAGE_SIZE,
      55 - 2 * ANALYTICS_EVENTS_PAGE_SIZE,
    ]);
    const listed = pages.flatMap(({ events }) => events);
    expect(new Set(listed.map((row) => row.id))).toEqual(new Set(created));
    const starts = listed.map((row) => row.startsAt.getTime());
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    for (const { totals } of pages) expect(totals).toEqual(first!.totals);
    expect(first!.totals).toMatchObject({
      registrations: 55,
      confirmed: 55,
      places: 55 * 3,
      revenue: [{ currency: "DKK", revenueMinor: 5_550_050, shareMinor: 0 }],
    });
  });
});
