import { and, count, eq, gte, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, copenhagenDate, isoWeekNumber, mondayOf } from "~/lib/calendar-date";
import { copenhagenTime, formatDate } from "~/lib/dates";
import { events, partnerApplications, partners, profiles, teamRegistrations } from "#server/db/schema";
import { createAccount } from "../support/accounts";
import { createTestSite, type TestSite } from "../support/http-app";

let site: TestSite;
const eventIds = new Map<string, string>();
let frankfurter: { id: string; name: string };
let harbour: { id: string; name: string };

const FAR_FUTURE = {
  startsAt: new Date("2099-03-01T08:00:00Z"),
  endsAt: new Date("2099-03-01T12:00:00Z"),
  registrationDeadline: new Date("2099-02-15T08:00:00Z"),
};

beforeAll(async () => {
  site = await createTestSite();
  const db = site.database.db;
  const partnerRows = await db
    .select({ id: partners.id, slug: partners.slug, name: partners.name })
    .from(partners);
  frankfurter = partnerRows.find((row) => row.slug === "frankfurter-rg-germania")!;
  harbour = partnerRows.find((row) => row.slug === "copenhagen-harbour-rowing-club")!;
  const base = {
    description: "Dashboard fixture",
    type: "traditional_rowing" as const,
    partnerId: harbour.id,
    location: "Copenhagen",
    priceMinor: 10_000,
    maxTeams: 6,
  };
  await db.insert(events).values([
    {
      ...base,
      slug: "past-harbour-sprint",
      title: "Past Harbour Sprint",
      status: "published",
      startsAt: new Date("2020-05-01T08:00:00Z"),
      endsAt: new Date("2020-05-01T12:00:00Z"),
      registrationDeadline: new Date("2020-04-20T08:00:00Z"),
    },
    {
      ...base,
      slug: "harbour-summer-sprint",
      title: "Harbour Summer Sprint",
      status: "published",
      startsAt: new Date("2098-06-01T08:00:00Z"),
      endsAt: new Date("2098-06-01T12:00:00Z"),
      registrationDeadline: new Date("2098-05-15T08:00:00Z"),
    },
    {
      ...base,
      slug: "cancelled-harbour-gala",
      title: "Cancelled Harbour Gala",
      status: "cancelled",
      ...FAR_FUTURE,
    },
  ]);
  for (const row of await db.select({ id: events.id, slug: events.slug }).from(events)) {
    eventIds.set(row.slug, row.id);
  }
});

afterAll(async () => {
  await site?.close();
});

async function register(
  userId: string,
  slug: string,
  status: "confirmed" | "waitlisted" | "cancelled",
  createdAt?: Date,
) {
  const eventId = eventIds.get(slug);
  if (!eventId) throw new Error(`No event ${slug}`);
  await site.database.db.insert(teamRegistrations).values({
    eventId,
    userId,
    teamName: "Test Crew",
    company: "Test A/S",
    status,
    ...(createdAt && { createdAt }),
  });
}

async function page(path: string, cookie?: string) {
  const response = await site.request(path, {
    headers: cookie ? { Cookie: cookie } : {},
    redirect: "manual",
  });
  return { status: response.status, location: response.headers.get("location"), html: await response.text() };
}

/** The page's text as a reader sees it. */
function visibleText(fragment: string): string {
  return fragment
    .replace(/<[^>]+>/g, "")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

/** The value a stat card shows under `label`. */
function statValue(html: string, label: string): string {
  const match = new RegExp(`>${label}<svg[\\s\\S]*?</dt><dd[^>]*>([^<]*)</dd>`).exec(html);
  if (!match) throw new Error(`No stat "${label}"`);
  return match[1]!;
}

/** The body rows of the table captioned `caption`, as raw HTML and as cell texts. */
function tableRows(html: string, caption: string) {
  const start = html.indexOf(`>${caption}</caption>`);
  if (start < 0) return [];
  const table = html.slice(start, html.indexOf("</table>", start));
  const body = table.slice(table.indexOf("<tbody"));
  return [...body.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map(([, row]) => ({
    html: row!,
    cells: [...row!.matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map(([, cell]) => visibleText(cell!)),
  }));
}

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** The chart's table alternative: each week's first day and its count. */
function chartWeeks(html: string) {
  return tableRows(html, "Registrations per week").map(({ cells: [week, starting, registrations] }) => {
    const [, monthName, day, year] = /^(\w+) (\d+), (\d+)$/.exec(starting!)!;
    return {
      week: week!,
      monday: { year: Number(year), month: MONTHS.indexOf(monthName!) + 1, day: Number(day) },
      count: Number(registrations),
    };
  });
}

describe("week arithmetic", () => {
  it("counts ISO weeks across the turn of the year", () => {
    expect(isoWeekNumber({ year: 2025, month: 12, day: 29 })).toBe(1);
    expect(isoWeekNumber({ year: 2026, month: 1, day: 4 })).toBe(1);
    expect(isoWeekNumber({ year: 2027, month: 1, day: 1 })).toBe(53);
    expect(isoWeekNumber({ year: 2026, month: 3, day: 2 })).toBe(10);
    expect(mondayOf({ year: 2026, month: 3, day: 1 })).toEqual({ year: 2026, month: 2, day: 23 });
    expect(addDays({ year: 2024, month: 2, day: 28 }, 1)).toEqual({ year: 2024, month: 2, day: 29 });
  });

  it("reads the calendar in Copenhagen, not in UTC", () => {
    // 23:30 UTC on the night summer time starts is already 00:30 the next day in Denmark.
    expect(copenhagenDate(new Date("2026-03-28T23:30:00Z"))).toEqual({ year: 2026, month: 3, day: 29 });
    expect(copenhagenDate(new Date("2026-07-05T21:59:00Z"))).toEqual({ year: 2026, month: 7, day: 5 });
    expect(copenhagenDate(new Date("2026-07-05T22:00:00Z"))).toEqual({ year: 2026, month: 7, day: 6 });
  });
});

describe("the dashboards' menus and titles", () => {
  it("shows partners and admins their own bookings on /dashboard, with their area in the menu", async () => {
    const partner = await createAccount(site, {
      role: "partner",
      partnerId: frankfurter.id,
      firstName: "Per",
    });
    const admin = await createAccount(site, { role: "admin", firstName: "Ada" });
    await register(partner.id, "equestrian-corporate-retreat", "confirmed");
    for (const [account, name, area, title] of [
      [partner, "Per", "/dashboard/partner", "Partner Dashboard"],
      [admin, "Ada", "/dashboard/admin", "Admin Dashboard"],
    ] as const) {
      const { status, html } = await page("/dashboard", account.cookie);
      expect(status).toBe(200);
      expect(html).toContain(`Welcome back, ${name}. Here are your team&#x27;s bookings.`);
      expect(html).toContain(`aria-label="${title}"`);
      // The area's own dashboard first, then the person's own pages.
      expect(html).toMatch(new RegExp(`href="${area}"[^>]*>Dashboard<`));
      expect(html).toMatch(/href="\/dashboard"[^>]*>My Dashboard</);
      expect(html).toMatch(/href="\/dashboard\/bookings"[^>]*>My Bookings</);
    }
    const rows = tableRows((await page("/dashboard", partner.cookie)).html, "Your next bookings");
    expect(rows.map((row) => row.cells[0])).toEqual(["Equestrian Corporate Retreat"]);
    expect(tableRows((await page("/dashboard", admin.cookie)).html, "Your next bookings")).toEqual([]);
  });

  it("gives a user only the user menu", async () => {
    const user = await createAccount(site);
    const { html } = await page("/dashboard", user.cookie);
    expect(html).toContain('aria-label="User Dashboard"');
    expect(html).not.toContain("My Dashboard");
    expect(html).not.toContain('href="/dashboard/partner"');
  });

  it("titles every dashboard 'Dashboard' and keeps it out of search engines", async () => {
    const admin = await createAccount(site, { role: "admin" });
    const user = await createAccount(site);
    for (const [path, cookie] of [
      ["/dashboard", user.cookie],
      ["/dashboard/partner", admin.cookie],
      ["/dashboard/admin", admin.cookie],
    ] as const) {
      const { html } = await page(path, cookie);
      expect(html).toContain("<title>Dashboard | Rethink Corporate Life</title>");
      expect(html).toContain('<meta name="robots" content="noindex"/>');
      expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    }
  });
});

describe("user dashboard", () => {
  it("counts and lists only the viewer's own bookings", async () => {
    const user = await createAccount(site, { firstName: "Ida" });
    const other = await createAccount(site);
    await register(user.id, "equestrian-corporate-retreat", "confirmed");
    await register(user.id, "networking-mixer", "waitlisted");
    await register(user.id, "past-harbour-sprint", "confirmed");
    await register(user.id, "indoor-rowing-challenge", "cancelled");
    await register(other.id, "leadership-brunch-copenhagen", "confirmed");
    await register(other.id, "riverside-team-racing", "waitlisted");

    const { status, html } = await page("/dashboard", user.cookie);
    expect(status).toBe(200);
    expect(html).toContain("Welcome back, Ida.");
    expect(statValue(html, "Upcoming bookings")).toBe("2");
    expect(statValue(html, "Past bookings")).toBe("1");
    expect(statValue(html, "Events registered for")).toBe("3");
    expect(statValue(html, "On the waitlist")).toBe("1");

    const upcoming = await site.database.db
      .select({ slug: events.slug, title: events.title, startsAt: events.startsAt })
      .from(events)
      .where(inArray(events.slug, ["equestrian-corporate-retreat", "networking-mixer"]))
      .orderBy(events.startsAt);
    const statusBySlug: Record<string, string> = {
      "equestrian-corporate-retreat": "Confirmed",
      "networking-mixer": "Waitlisted",
    };
    const rows = tableRows(html, "Your next bookings");
    expect(rows.map((row) => row.cells)).toEqual(
      upcoming.map((event) => [
        event.title,
        formatDate(event.startsAt),
        harbour.name,
        statusBySlug[event.slug],
      ]),
    );
    for (const [index, event] of upcoming.entries()) {
      expect(rows[index]!.html).toContain(`href="/events/${event.slug}"`);
    }
    for (const title of [
      "Leadership Brunch Copenhagen",
      "Riverside Team Racing",
      "Indoor Rowing Challenge",
    ]) {
      expect(html).not.toContain(title);
    }
  });

  it("lists at most five bookings, soonest first, and says when an event was called off", async () => {
    const user = await createAccount(site);
    // Copenhagen's events only, so the partner tests below still see Frankfurt's own figures.
    for (const slug of [
      "cancelled-harbour-gala",
      "harbour-summer-sprint",
      "equestrian-corporate-retreat",
      "leadership-brunch-copenhagen",
      "networking-mixer",
      "indoor-rowing-challenge",
    ]) {
      await register(user.id, slug, "confirmed");
    }
    const { html } = await page("/dashboard", user.cookie);
    expect(statValue(html, "Upcoming bookings")).toBe("6");
    const rows = tableRows(html, "Your next bookings");
    expect(rows).toHaveLength(5);
    const dates = await site.database.db
      .select({ title: events.title, startsAt: events.startsAt })
      .from(events)
      .where(eq(events.status, "published"));
    const startOf = (title: string) =>
      dates.find((row) => row.title === title)?.startsAt.getTime() ?? Infinity;
    const listed = rows.map((row) => row.cells[0]!);
    expect(listed).toEqual([...listed].sort((a, b) => startOf(a) - startOf(b)));
    expect(listed).not.toContain("Cancelled Harbour Gala");

    const onlyCancelled = await createAccount(site);
    await register(onlyCancelled.id, "cancelled-harbour-gala", "confirmed");
    const [row] = tableRows((await page("/dashboard", onlyCancelled.cookie)).html, "Your next bookings");
    expect(row!.cells).toEqual(["Cancelled Harbour Gala", "March 1, 2099", harbour.name, "Event cancelled"]);
    expect(row!.html).not.toContain("href=");
  });

  it("shows the spec's quick actions and a View All link to the events list", async () => {
    const user = await createAccount(site);
    const { html } = await page("/dashboard", user.cookie);
    expect(html).toMatch(/<a[^>]*href="\/events"[^>]*>View All<span class="sr-only"> events<\/span><\/a>/);
    for (const [title, href] of [
      ["Book New Service", "/events"],
      ["View Partners", "/partners"],
      ["Update Preferences", "/dashboard/profile"],
    ]) {
      expect(html).toMatch(new RegExp(`<a[^>]*href="${href}"[^>]*>${title}</a>`));
    }
    expect(html).toContain("You have no upcoming bookings yet.");
  });
});

describe("registrations per week", () => {
  it("groups the viewer's registrations by Copenhagen week over the last 8 weeks, zero-filled", async () => {
    const user = await createAccount(site);
    const other = await createAccount(site);
    const before = chartWeeks((await page("/dashboard", user.cookie)).html);
    expect(before).toHaveLength(8);
    expect(before.every((week) => week.count === 0)).toBe(true);
    for (const [index, week] of before.entries()) {
      expect(mondayOf(week.monday)).toEqual(week.monday);
      expect(week.week).toBe(`Week ${isoWeekNumber(week.monday)}`);
      if (index > 0) expect(addDays(before[index - 1]!.monday, 7)).toEqual(week.monday);
    }
    const today = copenhagenDate(new Date());
    expect(mondayOf(today)).toEqual(before[7]!.monday);

    const at = (weekIndex: number, dayOffset: number, hour: number, minute = 0) => {
      const day = addDays(before[weekIndex]!.monday, dayOffset);
      return copenhagenTime(day.year, day.month, day.day, hour, minute);
    };
    // Monday 00:30 in Copenhagen is still Sunday in UTC: it must count in Monday's week.
    await register(user.id, "networking-mixer", "confirmed", at(7, 0, 0, 30));
    await register(user.id, "networking-mixer", "waitlisted", at(7, -1, 23, 30));
    await register(user.id, "networking-mixer", "confirmed", at(2, 2, 12));
    await register(user.id, "networking-mixer", "waitlisted", at(2, 2, 13));
    await register(user.id, "networking-mixer", "cancelled", at(2, 3, 12));
    await register(user.id, "networking-mixer", "confirmed", at(0, 0, 0));
    await register(user.id, "networking-mixer", "confirmed", at(0, -1, 23, 59));
    await register(other.id, "networking-mixer", "confirmed", at(7, 1, 12));

    const { html } = await page("/dashboard", user.cookie);
    const after = chartWeeks(html);
    expect(after.map((week) => week.monday)).toEqual(before.map((week) => week.monday));
    expect(after.map((week) => week.count)).toEqual([1, 0, 2, 0, 0, 0, 1, 1]);
    expect(html).toMatch(
      /<svg role="img" aria-label="Bar chart of registrations per week over the last 8 weeks, 5 registrations in total\./,
    );
  });
});

describe("partner dashboard", () => {
  async function confirmedOn(partnerId: string) {
    const [row] = await site.database.db
      .select({ n: count() })
      .from(teamRegistrations)
      .innerJoin(events, eq(events.id, teamRegistrations.eventId))
      .where(and(eq(events.partnerId, partnerId), eq(teamRegistrations.status, "confirmed")));
    return row!.n;
  }

  it("shows only its own organisation's events and figures, and follows the data", async () => {
    const partner = await createAccount(site, { role: "partner", partnerId: frankfurter.id });
    const db = site.database.db;
    const own = await db
      .select({
        title: events.title,
        status: events.status,
        maxTeams: events.maxTeams,
        endsAt: events.endsAt,
      })
      .from(events)
      .where(eq(events.partnerId, frankfurter.id));
    const others = await db
      .select({ title: events.title })
      .from(events)
      .where(eq(events.partnerId, harbour.id));

    const first = await page("/dashboard/partner", partner.cookie);
    expect(first.status).toBe(200);
    expect(statValue(first.html, "Events")).toBe(String(own.length));
    expect(statValue(first.html, "Registrations")).toBe(String(await confirmedOn(frankfurter.id)));
    const upcoming = own.filter((event) => event.status === "published" && event.endsAt > new Date());
    expect(statValue(first.html, "Upcoming events")).toBe(String(upcoming.length));

    const rows = tableRows(first.html, "Your next events");
    expect(rows.length).toBe(Math.min(5, own.filter((event) => event.endsAt > new Date()).length));
    const riverside = rows.find((row) => row.cells[0] === "Riverside Team Racing");
    expect(riverside?.cells.slice(2)).toEqual(["12 / 20", "Active"]);
    expect(riverside?.html).toContain('href="/events/riverside-team-racing"');
    for (const { title } of others) expect(first.html).not.toContain(title);
    expect(first.html).not.toContain(harbour.name);

    const chartBefore = chartWeeks(first.html);
    await register(partner.id, "riverside-team-racing", "confirmed");
    await register(partner.id, "riverside-team-racing", "waitlisted");
    await register(partner.id, "equestrian-corporate-retreat", "confirmed");

    const second = await page("/dashboard/partner", partner.cookie);
    expect(statValue(second.html, "Registrations")).toBe(String(await confirmedOn(frankfurter.id)));
    expect(Number(statValue(second.html, "Registrations"))).toBe(
      Number(statValue(first.html, "Registrations")) + 1,
    );
    const again = tableRows(second.html, "Your next events").find(
      (row) => row.cells[0] === "Riverside Team Racing",
    );
    expect(again?.cells[2]).toBe("13 / 20");
    // Both new Frankfurter registrations count this week; the Copenhagen one does not.
    expect(chartWeeks(second.html)[7]!.count).toBe(chartBefore[7]!.count + 2);
  });

  it("works out the fill rate from confirmed teams and places at upcoming published events", async () => {
    const partner = await createAccount(site, { role: "partner", partnerId: frankfurter.id });
    const db = site.database.db;
    const open = and(
      eq(events.partnerId, frankfurter.id),
      eq(events.status, "published"),
      gte(events.endsAt, new Date()),
    );
    const openEvents = await db.select({ maxTeams: events.maxTeams }).from(events).where(open);
    const places = openEvents.reduce((sum, event) => sum + event.maxTeams, 0);
    const [taken] = await db
      .select({ n: count() })
      .from(teamRegistrations)
      .innerJoin(events, eq(events.id, teamRegistrations.eventId))
      .where(and(open, eq(teamRegistrations.status, "confirmed")));
    expect(places).toBeGreaterThan(0);
    const { html } = await page("/dashboard/partner", partner.cookie);
    expect(statValue(html, "Fill rate")).toBe(`${Math.round((taken!.n / places) * 100)}%`);
    expect(html).toContain(`${taken!.n} of ${places} places taken at upcoming events`);
  });

  it("shows nothing to a partner account that belongs to no organisation", async () => {
    const partner = await createAccount(site, { role: "partner" });
    const { html } = await page("/dashboard/partner", partner.cookie);
    expect(statValue(html, "Events")).toBe("0");
    expect(statValue(html, "Registrations")).toBe("0");
    expect(statValue(html, "Fill rate")).toBe("—");
    expect(tableRows(html, "Your next events")).toHaveLength(0);
    expect(chartWeeks(html).every((week) => week.count === 0)).toBe(true);
  });

  it("shows an admin the figures of all partners together", async () => {
    const admin = await createAccount(site, { role: "admin" });
    const [all] = await site.database.db.select({ n: count() }).from(events);
    const [confirmed] = await site.database.db
      .select({ n: count() })
      .from(teamRegistrations)
      .where(eq(teamRegistrations.status, "confirmed"));
    const { html } = await page("/dashboard/partner", admin.cookie);
    expect(html).toContain("you see the figures of all partners together");
    expect(statValue(html, "Events")).toBe(String(all!.n));
    expect(statValue(html, "Registrations")).toBe(String(confirmed!.n));
  });

  it("shows the partner's quick actions", async () => {
    const partner = await createAccount(site, { role: "partner", partnerId: frankfurter.id });
    const { html } = await page("/dashboard/partner", partner.cookie);
    for (const [title, href] of [
      ["Create New Event", "/dashboard/partner/events/new"],
      ["Manage Registrations", "/dashboard/partner/registrations"],
      ["Update Profile", "/dashboard/partner/profile"],
    ]) {
      expect(html).toMatch(new RegExp(`<a[^>]*href="${href}"[^>]*>${title}</a>`));
    }
  });
});

describe("admin dashboard", () => {
  it("counts from the database and follows changes", async () => {
    const admin = await createAccount(site, { role: "admin" });
    const db = site.database.db;
    const [people] = await db.select({ n: count() }).from(profiles);
    const [confirmed] = await db
      .select({ n: count() })
      .from(teamRegistrations)
      .where(eq(teamRegistrations.status, "confirmed"));
    const [approved] = await db.select({ n: count() }).from(partners).where(eq(partners.status, "approved"));
    const [soonest] = await db
      .select({ slug: events.slug, title: events.title })
      .from(events)
      .where(and(eq(events.status, "published"), gte(events.endsAt, new Date())))
      .orderBy(events.startsAt)
      .limit(1);

    const first = await page("/dashboard/admin", admin.cookie);
    expect(first.status).toBe(200);
    expect(statValue(first.html, "Users")).toBe(String(people!.n));
    expect(statValue(first.html, "Partners")).toBe(String(approved!.n));
    expect(approved!.n).toBeGreaterThanOrEqual(2);
    expect(statValue(first.html, "Events waiting for review")).toBe("0");
    expect(statValue(first.html, "Registrations")).toBe(String(confirmed!.n));
    expect(first.html).toContain("Approved; 0 applications waiting");

    await db.update(events).set({ status: "pending_review" }).where(eq(events.slug, soonest!.slug));
    await db.insert(partnerApplications).values({
      organizationName: "Aarhus Rowing",
      organizationType: "rowing_club",
      location: "Aarhus",
      contactName: "Mads",
      email: "mads@aarhus.example",
      description: "A rowing club",
      message: "We would like to join",
    });
    await db.insert(events).values({
      description: "Dashboard fixture",
      type: "indoor_rowing",
      partnerId: harbour.id,
      location: "Copenhagen",
      priceMinor: 0,
      maxTeams: 4,
      slug: "secret-draft-erg",
      title: "Secret Draft Erg",
      status: "draft",
      startsAt: new Date(Date.now() + 60 * 60 * 1000),
      endsAt: new Date(Date.now() + 2 * 60 * 60 * 1000),
      registrationDeadline: new Date(Date.now() + 30 * 60 * 1000),
    });
    const second = await page("/dashboard/admin", admin.cookie);
    expect(statValue(second.html, "Events waiting for review")).toBe("1");
    expect(second.html).toContain("Approved; 1 application waiting");
    expect(statValue(second.html, "Users")).toBe(String(people!.n));
    expect(second.html).not.toContain("Secret Draft Erg");

    const rows = tableRows(second.html, "Next events across the site");
    expect(rows).toHaveLength(5);
    // The draft starts sooner but stays hidden; the event sent back for review leads.
    expect(rows[0]!.cells[0]).toBe(soonest!.title);
    expect(rows[0]!.cells[3]).toBe("Pending review");
    expect(rows[0]!.html).not.toContain("href=");
    expect(rows.slice(1).every((row) => row.cells[3] === "Active")).toBe(true);
    const upcoming = await db
      .select({
        title: events.title,
        startsAt: events.startsAt,
        partnerId: events.partnerId,
        status: events.status,
      })
      .from(events)
      .where(gte(events.endsAt, new Date()))
      .orderBy(events.startsAt, events.title);
    const expected = upcoming.filter((event) => event.status !== "draft").slice(0, 5);
    expect(rows.map((row) => row.cells.slice(0, 3))).toEqual(
      expected.map((event) => [
        event.title,
        formatDate(event.startsAt),
        event.partnerId === frankfurter.id ? frankfurter.name : harbour.name,
      ]),
    );
  });

  it("shows the admin's quick actions with the spec's wording", async () => {
    const admin = await createAccount(site, { role: "admin" });
    const { html } = await page("/dashboard/admin", admin.cookie);
    for (const [title, href] of [
      ["Add New Partner", "/dashboard/admin/partners/new"],
      ["Review Pending Events", "/dashboard/admin/events"],
      ["Export Reports", "/dashboard/admin/reports"],
    ]) {
      expect(html).toMatch(new RegExp(`<a[^>]*href="${href}"[^>]*>${title}</a>`));
    }
    expect(html).toContain("Approve or request changes to submitted events");
  });
});
