import { randomUUID } from "node:crypto";
import { asc, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rangeLabel } from "~/components/reports/months";
import { copenhagenDate } from "~/lib/calendar-date";
import { copenhagenTime } from "~/lib/dates";
import type { Actor } from "#server/auth/actor";
import { events, teamRegistrations } from "#server/db/schema";
import type { Figures } from "#server/reports/event-figures";
import { monthlyReport } from "#server/reports/monthly-report";
import { partnerReport } from "#server/reports/partner-report";
import { registrationPagesInRange } from "#server/reports/registrations-export";
import { createAccount, type TestAccount } from "../support/accounts";
import { testDatabaseKind } from "../support/database";
import { VALID_CVR } from "../support/booking-form";
import { adminActor } from "../support/event-publishing";
import { createTestSite, type TestSite } from "../support/http-app";
import { createTestPartner } from "../support/partners";

// The admin's reports (issue 12): both reports' figures worked out by hand from a small
// market of two partners, and every CSV read back byte by byte. Who may read them is tested
// in authorization/ (admin-reports and admin-reads). The site starts empty (no sample
// content) so every figure is this file's.

let site: TestSite;
let admin: TestAccount;
let user: TestAccount;
let adminAs: Actor;

const db = () => site.database.db;

// Months are counted from this one, so the events keep their places whenever the test runs.
const NOW = new Date();
const today = copenhagenDate(NOW);
function month(offset: number) {
  const index = today.year * 12 + (today.month - 1) + offset;
  const year = Math.floor(index / 12);
  const number = (index % 12) + 1;
  return { year, month: number, key: `${year}-${String(number).padStart(2, "0")}` };
}
/** A moment in Copenhagen `offset` months from now. */
const inMonth = (offset: number, day: number, hour = 10, minute = 0) => {
  const { year, month: number } = month(offset);
  return copenhagenTime(year, number, day, hour, minute);
};

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

async function event(
  partnerId: string,
  startsAt: Date,
  values: {
    title: string;
    priceMinor: number;
    currency: string;
    status?: "published" | "cancelled" | "draft";
  },
) {
  const [row] = await db()
    .insert(events)
    .values({
      slug: `report-event-${randomUUID()}`,
      description: "Eight-person boats on the harbour",
      type: "traditional_rowing",
      status: "published",
      partnerId,
      location: "Copenhagen",
      startsAt,
      endsAt: new Date(startsAt.getTime() + 6 * HOUR),
      registrationDeadline: new Date(startsAt.getTime() - 2 * DAY),
      maxTeams: 10,
      ...values,
    })
    .returning();
  return row!;
}

let booked = 0;
async function team(
  eventId: string,
  status: "confirmed" | "waitlisted" | "cancelled",
  values: Partial<typeof teamRegistrations.$inferInsert> = {},
) {
  booked += 1;
  const [row] = await db()
    .insert(teamRegistrations)
    .values({
      eventId,
      userId: user.id,
      teamName: `Crew ${booked}`,
      company: "Test A/S",
      status,
      createdAt: new Date(Date.UTC(2020, 0, 1, 9, booked)),
      cancelledAt: status === "cancelled" ? new Date(Date.UTC(2020, 0, 2, 9, booked)) : null,
      ...values,
    })
    .returning();
  return row!;
}

/** The range every exact figure below is for: five months back to three ahead. */
const range = { from: month(-5).key, to: month(3).key };
const rangeQuery = `from=${range.from}&to=${range.to}`;

let aero: Awaited<ReturnType<typeof createTestPartner>>;
let premium: Awaited<ReturnType<typeof createTestPartner>>;
let zero: Awaited<ReturnType<typeof createTestPartner>>;
let fullTeam: Awaited<ReturnType<typeof team>>;
let formulaTeam: Awaited<ReturnType<typeof team>>;

beforeAll(async () => {
  site = await createTestSite({ seed: false });
  // The slug helper keeps a-z only, so the Danish name gets a slug of its own.
  aero = await createTestPartner(db(), "Ærø Roklub", { slug: `aero-roklub-${randomUUID().slice(0, 8)}` });
  premium = await createTestPartner(db(), "Premium Rowing Club", {
    tier: "premium",
    revenueSharePercent: 15,
  });
  zero = await createTestPartner(db(), "Zero Roklub");
  // A suspended partner with nothing in the range is left off the partner report.
  await createTestPartner(db(), "Suspended Roklub", { status: "suspended" });

  admin = await createAccount(site, { role: "admin" });
  user = await createAccount(site);
  adminAs = adminActor(admin);

  // Four months ago: one event each, in DKK.
  const e1 = await event(aero.id, inMonth(-4, 10), {
    title: "Ærø Sprint",
    priceMinor: 100_000,
    currency: "DKK",
  });
  fullTeam = await team(e1.id, "confirmed", {
    teamName: "Ærø Roere",
    company: "Ærø Skibsværft ApS",
    captainName: "Søren Æbelø",
    captainEmail: "soren@aero.example",
    billingCompany: "Ærø Skibsværft Holding",
    cvr: VALID_CVR,
    ean: "5790000123456",
    poReference: "PO-ÅØ-17",
    billingEmail: "faktura@aero.example",
    createdAt: new Date("2020-01-01T08:00:00Z"),
  });
  await team(e1.id, "confirmed");
  await team(e1.id, "waitlisted");
  await team(e1.id, "cancelled");
  const e2 = await event(premium.id, inMonth(-4, 20), {
    title: "Harbour Cup",
    priceMinor: 250_000,
    currency: "DKK",
  });
  formulaTeam = await team(e2.id, "confirmed", { teamName: "=SUM(A1)" });
  await team(e2.id, "confirmed");
  await team(e2.id, "confirmed");
  await team(e2.id, "cancelled");

  // Three months ago: an event called off, its two bookings cancelled with it.
  const e5 = await event(premium.id, inMonth(-3, 12), {
    title: "Called Off Regatta",
    priceMinor: 99_900,
    currency: "DKK",
    status: "cancelled",
  });
  await team(e5.id, "cancelled");
  await team(e5.id, "cancelled");

  // Two months ago: three events. The first starts at 00:30 on the 1st in Copenhagen, which
  // is still the month before in UTC. At 15 %, each premium event's share of 748.03 is
  // 112.2045, rounded per event to 112.20: 224.40 in all, where rounding the sum would give 224.41.
  const e3 = await event(premium.id, inMonth(-2, 1, 0, 30), {
    title: "Midnight Row",
    priceMinor: 74_803,
    currency: "DKK",
  });
  await team(e3.id, "confirmed");
  await team(e3.id, "waitlisted");
  const e3b = await event(premium.id, inMonth(-2, 18), {
    title: "Evening Row",
    priceMinor: 74_803,
    currency: "DKK",
  });
  await team(e3b.id, "confirmed");
  const e4 = await event(aero.id, inMonth(-2, 15), {
    title: "Lagoon Row",
    priceMinor: 40_000,
    currency: "DKK",
  });
  await team(e4.id, "confirmed");

  // Last month: a draft, which counts for nothing.
  await event(aero.id, inMonth(-1, 10), {
    title: "Draft Row",
    priceMinor: 100_000,
    currency: "DKK",
    status: "draft",
  });

  // In two months: not held yet, so its confirmed team is not counted; its cancellation is.
  const e6 = await event(aero.id, inMonth(2, 15), {
    title: "Future Row",
    priceMinor: 100_000,
    currency: "DKK",
  });
  await team(e6.id, "confirmed");
  await team(e6.id, "cancelled");

  // Eight months ago: outside the range.
  const e7 = await event(aero.id, inMonth(-8, 15), { title: "Old Row", priceMinor: 70_000, currency: "DKK" });
  await team(e7.id, "confirmed");

  // A year and a half ahead: booked early, outside every range but the whole export.
  const e8 = await event(premium.id, inMonth(18, 15), {
    title: "Next Year Row",
    priceMinor: 100_000,
    currency: "DKK",
  });
  await team(e8.id, "confirmed");
});

afterAll(async () => {
  await site?.close();
});

type Line = [
  currency: string,
  held: number,
  cancelled: number,
  teams: number,
  cancellations: number,
  revenue: number,
  share: number,
];

/** Figures written as one line per currency, the counts summed over them. */
function figures(...lines: Line[]): Figures {
  const byCurrency = lines.map(
    ([currency, eventsHeld, eventsCancelled, teamsConfirmed, cancellations, revenueMinor, shareMinor]) => ({
      currency,
      eventsHeld,
      eventsCancelled,
      teamsConfirmed,
      cancellations,
      revenueMinor,
      shareMinor,
    }),
  );
  const sum = (name: "eventsHeld" | "eventsCancelled" | "teamsConfirmed" | "cancellations") =>
    byCurrency.reduce((total, line) => total + line[name], 0);
  return {
    eventsHeld: sum("eventsHeld"),
    eventsCancelled: sum("eventsCancelled"),
    teamsConfirmed: sum("teamsConfirmed"),
    cancellations: sum("cancellations"),
    byCurrency,
  };
}
const none = figures();

async function get(path: string, cookie?: string) {
  return site.request(path, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
}

/** A CSV download: its bytes start with the BOM; the rest as lines of cells. */
async function csvOf(response: Response) {
  const bytes = new Uint8Array(await response.arrayBuffer());
  const bom = [...bytes.slice(0, 3)];
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes.slice(3));
  expect(text.endsWith("\r\n")).toBe(true);
  const lines = text.slice(0, -2).split("\r\n");
  // No line break is left inside a line: every record ends with CRLF.
  expect(lines.every((line) => !line.includes("\n"))).toBe(true);
  return { bom, text, lines };
}

describe(`the monthly report on ${testDatabaseKind}`, () => {
  it("counts each month of the range, zero months included", async () => {
    const report = await monthlyReport(db(), { actor: adminAs, range, now: NOW });
    expect(report.currencies).toEqual(["DKK"]);
    expect(report.months.map((row) => row.month)).toEqual(
      [-5, -4, -3, -2, -1, 0, 1, 2, 3].map((k) => month(k).key),
    );
    expect(report.months.map((row) => row.figures)).toEqual([
      none,
      // 2 × 1,000.00 (basic, no share) + 3 × 2,500.00 (15 %: 1,125.00).
      figures(["DKK", 2, 0, 5, 2, 950_000, 112_500]),
      figures(["DKK", 0, 1, 0, 2, 0, 0]),
      // 2 × 748.03 (15 %: 112.20 each) + 400.00 (basic, no share).
      figures(["DKK", 3, 0, 3, 0, 189_606, 22_440]),
      none,
      none,
      none,
      figures(["DKK", 0, 0, 0, 1, 0, 0]),
      none,
    ]);
    expect(report.total).toEqual(figures(["DKK", 5, 1, 8, 5, 1_139_606, 134_940]));
  });

  it("reads only the months asked for", async () => {
    const twoMonthsAgo = await monthlyReport(db(), {
      actor: adminAs,
      range: { from: month(-2).key, to: month(-2).key },
      now: NOW,
    });
    expect(twoMonthsAgo.currencies).toEqual(["DKK"]);
    expect(twoMonthsAgo.months).toEqual([
      { month: month(-2).key, figures: figures(["DKK", 3, 0, 3, 0, 189_606, 22_440]) },
    ]);

    const older = await monthlyReport(db(), {
      actor: adminAs,
      range: { from: month(-8).key, to: month(-7).key },
      now: NOW,
    });
    expect(older.months.map((row) => row.figures)).toEqual([figures(["DKK", 1, 0, 1, 0, 70_000, 0]), none]);

    // Nothing at all: one currency to show zeros in.
    const empty = await monthlyReport(db(), {
      actor: adminAs,
      range: { from: "2001-01", to: "2001-03" },
      now: NOW,
    });
    expect(empty.currencies).toEqual(["DKK"]);
    expect(empty.months.map((row) => row.figures)).toEqual([none, none, none]);
  });

  it("counts an event as held from its start: the same future event, once it has begun", async () => {
    const later = new Date(inMonth(2, 15).getTime() + HOUR);
    const report = await monthlyReport(db(), {
      actor: adminAs,
      range: { from: month(2).key, to: month(2).key },
      now: later,
    });
    expect(report.months[0]!.figures).toEqual(figures(["DKK", 1, 0, 1, 1, 100_000, 0]));
  });
});

describe(`the partner report on ${testDatabaseKind}`, () => {
  it("gives each partner's figures with its tier and share; approved partners without events show zeros", async () => {
    const report = await partnerReport(db(), { actor: adminAs, range, now: NOW });
    expect(report.currencies).toEqual(["DKK"]);
    // In Danish order: Æ comes after Z.
    expect(report.partners).toEqual([
      {
        id: premium.id,
        name: "Premium Rowing Club",
        status: "approved",
        tier: "premium",
        sharePercent: 15,
        figures: figures(["DKK", 3, 1, 5, 3, 899_606, 134_940]),
      },
      { id: zero.id, name: "Zero Roklub", status: "approved", tier: "basic", sharePercent: 0, figures: none },
      {
        id: aero.id,
        name: "Ærø Roklub",
        status: "approved",
        tier: "basic",
        sharePercent: 0,
        figures: figures(["DKK", 2, 0, 3, 2, 240_000, 0]),
      },
    ]);
    expect(report.total).toEqual(figures(["DKK", 5, 1, 8, 5, 1_139_606, 134_940]));
  });

  it("reads only the months asked for", async () => {
    const report = await partnerReport(db(), {
      actor: adminAs,
      range: { from: month(-8).key, to: month(-8).key },
      now: NOW,
    });
    expect(report.partners.map((row) => [row.name, row.figures])).toEqual([
      ["Premium Rowing Club", none],
      ["Zero Roklub", none],
      ["Ærø Roklub", figures(["DKK", 1, 0, 1, 0, 70_000, 0])],
    ]);
  });
});

describe(`the reports page on ${testDatabaseKind}`, () => {
  it("shows both reports for the range, with charts, tables and export links carrying the range", async () => {
    const response = await get(`/dashboard/admin/reports?${rangeQuery}`, admin.cookie);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Teams confirmed per month");
    expect(html).toContain("Revenue per month (DKK)");
    // One currency: nothing is left out of the chart.
    expect(html).not.toContain("is not added in");
    for (const heading of ["Revenue DKK", "RCL share DKK"]) {
      expect(html).toContain(`>${heading}</th>`);
    }
    // The total row: 5 held, 1 cancelled, 8 teams, 5 cancellations, then the money.
    const total = /<tfoot[^>]*>([\s\S]*?)<\/tfoot>/.exec(html)![1]!;
    const cells = [...total.matchAll(/<td[^>]*>([^<]*)<\/td>/g)].map((match) => match[1]);
    expect(cells).toEqual(["5", "1", "8", "5", "DKK\u00a011,396.06", "DKK\u00a01,349.40"]);
    for (const report of ["monthly", "partners", "registrations"]) {
      expect(html).toContain(
        `href="/dashboard/admin/reports/export.csv?report=${report}&amp;${rangeQuery.replace("&", "&amp;")}"`,
      );
    }
    // "All" is every registration, whatever months the page shows.
    expect(html).toMatch(
      /<a href="\/dashboard\/admin\/reports\/export.csv\?report=registrations"[^>]*>Export all registrations \(CSV\)<\/a>/,
    );
    expect(html.replaceAll("<!-- -->", "")).toContain(
      `Export the registrations of events in ${rangeLabel(range)} (CSV)`,
    );
    expect(html).toContain("Ærø Roklub");
    expect(html).not.toContain("Suspended Roklub");
  });

  it("shows the past year and the year ahead by default, and after a month it did not understand, with the reason by the field", async () => {
    // Bookings are for events still to come: the default reaches twelve months ahead.
    const fallback = { from: month(-11).key, to: month(12).key };
    const plain = await (await get("/dashboard/admin/reports", admin.cookie)).text();
    expect(plain).toContain(`value="${fallback.from}"`);
    expect(plain).toContain(`value="${fallback.to}"`);
    expect(plain).not.toContain('aria-invalid="true"');

    for (const [query, field, message] of [
      ["from=2025-13&to=2025-06", "from", "Enter a month as YYYY-MM, such as 2027-06."],
      [`from=${month(-1).key}&to=${month(-3).key}`, "to", "The “to” month is before the “from” month."],
      [
        `from=${month(-40).key}&to=${month(0).key}`,
        "to",
        "A report covers at most 36 months; choose a shorter range.",
      ],
    ] as const) {
      const response = await get(`/dashboard/admin/reports?${query}`, admin.cookie);
      expect(response.status, query).toBe(200);
      const html = await response.text();
      expect(html, query).toContain(
        `<p id="report-${field}-error" class="mt-1 max-w-xs text-sm text-red-700">${message}</p>`,
      );
      expect(html, query).toMatch(
        new RegExp(
          `id="report-${field}"[^>]*aria-invalid="true"[^>]*aria-describedby="report-${field}-error"`,
        ),
      );
      expect(html, query).toContain("so the past 12 months and the next 12 are shown instead");
      // The export links carry the range shown, not the one that was not understood.
      expect(html, query).toContain(`report=monthly&amp;from=${fallback.from}&amp;to=${fallback.to}`);
    }
  });
});

describe(`the CSV exports on ${testDatabaseKind}`, () => {
  const exportPath = (report: string, query = rangeQuery) =>
    `/dashboard/admin/reports/export.csv?report=${report}&${query}`;

  it("gives the monthly report, one line per month and currency, as Excel opens it in Danish", async () => {
    const response = await get(exportPath("monthly"), admin.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="rcl-monthly-${range.from}-to-${range.to}.csv"`,
    );
    const { bom, lines } = await csvOf(response);
    expect(bom).toEqual([0xef, 0xbb, 0xbf]);
    expect(lines).toEqual([
      "Month;Currency;Events held;Events cancelled;Teams confirmed;Cancellations;Revenue;RCL share",
      `${month(-5).key};DKK;0;0;0;0;0,00;0,00`,
      `${month(-4).key};DKK;2;0;5;2;9500,00;1125,00`,
      `${month(-3).key};DKK;0;1;0;2;0,00;0,00`,
      `${month(-2).key};DKK;3;0;3;0;1896,06;224,40`,
      `${month(-1).key};DKK;0;0;0;0;0,00;0,00`,
      `${month(0).key};DKK;0;0;0;0;0,00;0,00`,
      `${month(1).key};DKK;0;0;0;0;0,00;0,00`,
      `${month(2).key};DKK;0;0;0;1;0,00;0,00`,
      `${month(3).key};DKK;0;0;0;0;0,00;0,00`,
    ]);
  });

  it("gives the partner report, one line per partner and currency", async () => {
    const response = await get(exportPath("partners"), admin.cookie);
    expect(response.status).toBe(200);
    const { bom, lines } = await csvOf(response);
    expect(bom).toEqual([0xef, 0xbb, 0xbf]);
    expect(lines).toEqual([
      "Partner;Tier;RCL share %;Currency;Events held;Events cancelled;Teams confirmed;Cancellations;Revenue;RCL share",
      "Premium Rowing Club;Premium;15;DKK;3;1;5;3;8996,06;1349,40",
      "Zero Roklub;Basic;0;DKK;0;0;0;0;0,00;0,00",
      "Ærø Roklub;Basic;0;DKK;2;0;3;2;2400,00;0,00",
    ]);
  });

  it("gives every registration of the range's events, whatever its status, one line per team", async () => {
    const response = await get(exportPath("registrations"), admin.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="rcl-registrations-${range.from}-to-${range.to}.csv"`,
    );
    const { bom, lines } = await csvOf(response);
    expect(bom).toEqual([0xef, 0xbb, 0xbf]);
    expect(lines[0]).toBe(
      "Reference;Event;Event date;Partner;Status;Team;Company;Captain name;Captain email;Booked at;Cancelled at;Price;Currency;Billing company;CVR;EAN;PO reference;Billing email",
    );
    // 4 + 4 teams four months ago, 2 of the called-off event, 2 + 1 + 1 two months ago, 2 of the future event.
    expect(lines).toHaveLength(1 + 16);
    const cells = lines.slice(1).map((line) => line.split(";"));
    expect(cells.filter((row) => row[4] === "Confirmed")).toHaveLength(9);
    expect(cells.filter((row) => row[4] === "Waitlisted")).toHaveLength(2);
    expect(cells.filter((row) => row[4] === "Cancelled")).toHaveLength(5);
    expect(cells.some((row) => row[1] === "Old Row" || row[1] === "Draft Row")).toBe(false);

    const day = `${month(-4).key}-10`;
    expect(lines[1]).toBe(
      [
        fullTeam.reference,
        "Ærø Sprint",
        `${day} 10:00`,
        "Ærø Roklub",
        "Confirmed",
        "Ærø Roere",
        "Ærø Skibsværft ApS",
        "Søren Æbelø",
        "soren@aero.example",
        "2020-01-01 09:00",
        "",
        "1000,00",
        "DKK",
        "Ærø Skibsværft Holding",
        VALID_CVR,
        "5790000123456",
        "PO-ÅØ-17",
        "faktura@aero.example",
      ].join(";"),
    );
    // A team named like a formula reaches the spreadsheet as text.
    const formula = cells.find((row) => row[0] === formulaTeam.reference)!;
    expect(formula[5]).toBe("'=SUM(A1)");
    // A cancelled booking says when.
    const cancelled = cells.find((row) => row[1] === "Ærø Sprint" && row[4] === "Cancelled")!;
    expect(cancelled[10]).toMatch(/^2020-01-02 10:\d\d$/);
  });

  it("reads only the range's months", async () => {
    const twoMonthsAgo = `from=${month(-2).key}&to=${month(-2).key}`;
    const registrations = await csvOf(await get(exportPath("registrations", twoMonthsAgo), admin.cookie));
    expect(
      registrations.lines
        .slice(1)
        .map((line) => line.split(";")[1])
        .sort(),
    ).toEqual(["Evening Row", "Lagoon Row", "Midnight Row", "Midnight Row"]);
    const monthly = await csvOf(await get(exportPath("monthly", twoMonthsAgo), admin.cookie));
    expect(monthly.lines).toEqual([
      "Month;Currency;Events held;Events cancelled;Teams confirmed;Cancellations;Revenue;RCL share",
      `${month(-2).key};DKK;3;0;3;0;1896,06;224,40`,
    ]);
    // Without months, every registration, past and to come.
    const response = await get("/dashboard/admin/reports/export.csv?report=registrations", admin.cookie);
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="rcl-registrations-all.csv"',
    );
    const all = await csvOf(response);
    const titles = all.lines.slice(1).map((line) => line.split(";")[1]);
    expect(titles).toHaveLength(16 + 1 + 1);
    expect(titles).toContain("Old Row");
    expect(titles).toContain("Harbour Cup");
    expect(titles).toContain("Future Row");
    expect(titles).toContain("Next Year Row");
  });

  it("answers 404 for a report that does not exist and 400 for months it does not understand", async () => {
    for (const report of ["", "audit", "MONTHLY"]) {
      const response = await get(exportPath(report), admin.cookie);
      expect(response.status, report).toBe(404);
    }
    expect((await get(`/dashboard/admin/reports/export.csv?${rangeQuery}`, admin.cookie)).status).toBe(404);

    for (const [query, message] of [
      ["from=2025-13&to=2025-06", "from: Enter a month as YYYY-MM, such as 2027-06."],
      ["from=2025-06&to=june", "to: Enter a month as YYYY-MM, such as 2027-06."],
      ["from=2025-06&to=2025-01", "to: The “to” month is before the “from” month."],
      ["from=2020-01&to=2025-01", "to: A report covers at most 36 months; choose a shorter range."],
    ]) {
      const response = await get(exportPath("monthly", query), admin.cookie);
      expect(response.status, query).toBe(400);
      expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      expect(await response.text(), query).toBe(`The months were not understood.\n${message}\n`);
    }
  });

  it("reads the registrations in keyset pages of any size, every row once and in the file's order", async () => {
    // Added last: a later event whose teams booked in the same millisecond, some a few
    // microseconds apart (which a JavaScript Date cannot hold), so pages break inside ties.
    const late = await event(zero.id, inMonth(30, 15), {
      title: "Tied Row",
      priceMinor: 1_000,
      currency: "DKK",
    });
    for (let index = 0; index < 5; index += 1) {
      await team(late.id, "confirmed", { createdAt: new Date(Date.UTC(2020, 5, 1, 9, 0)) });
    }
    await db().execute(sql`
      update team_registrations set created_at = created_at + interval '3 microseconds'
      where event_id = ${late.id} and reference in (
        select reference from team_registrations where event_id = ${late.id} order by reference limit 2)`);
    const read = async (size: number) => {
      const references: string[] = [];
      for await (const rows of registrationPagesInRange(db(), { actor: adminAs, range: "all" }, size)) {
        expect(rows.length).toBeLessThanOrEqual(size);
        references.push(...rows.map((row) => row.reference));
      }
      return references;
    };
    const file = await csvOf(
      await get("/dashboard/admin/reports/export.csv?report=registrations", admin.cookie),
    );
    const inFile = file.lines.slice(1).map((line) => line.split(";")[0]);
    expect(inFile).toHaveLength(16 + 1 + 1 + 5);
    expect(new Set(inFile).size).toBe(inFile.length);
    for (const size of [1, 2, 3, 4, 6, 22, 23, 24])
      expect(await read(size), `pages of ${size}`).toEqual(inFile);
    // The tied event comes last, its teams by booking moment, a tie settled by the id.
    const tied = await db()
      .select({ reference: teamRegistrations.reference })
      .from(teamRegistrations)
      .where(eq(teamRegistrations.eventId, late.id))
      .orderBy(asc(teamRegistrations.createdAt), desc(teamRegistrations.id));
    expect(inFile.slice(-5)).toEqual(tied.map((row) => row.reference));
  });
});

describe(`the reports page's partner table on ${testDatabaseKind}`, () => {
  it("shows 50 partners a page in Danish order, the total of all of them on every page", async () => {
    // Last in the file: 48 more approved partners, so the 3 listed so far become 51.
    for (let index = 1; index <= 48; index += 1) {
      await createTestPartner(db(), `Paged Roklub ${String(index).padStart(2, "0")}`);
    }
    const tableOf = async (query: string) => {
      const response = await get(`/dashboard/admin/reports?${rangeQuery}${query}`, admin.cookie);
      expect(response.status).toBe(200);
      const html = (await response.text()).replaceAll("<!-- -->", "");
      const section = /<section[^>]*aria-labelledby="per-partner"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";
      const names = [
        ...section.matchAll(/<a [^>]*href="\/dashboard\/admin\/partners\/[^"]+"[^>]*>([^<]+)<\/a>/g),
      ].map((match) => match[1]);
      const total = /<tfoot[^>]*>([\s\S]*?)<\/tfoot>/.exec(section)?.[1] ?? "";
      return {
        section,
        names,
        total: [...total.matchAll(/<td[^>]*>([^<]*)<\/td>/g)].map((match) => match[1]),
      };
    };
    const first = await tableOf("");
    expect(first.names).toHaveLength(50);
    expect(first.names.slice(0, 3)).toEqual(["Paged Roklub 01", "Paged Roklub 02", "Paged Roklub 03"]);
    expect(first.names.at(-1)).toBe("Zero Roklub");
    expect(first.section).toContain("Page 1 of 2 (51 in all)");
    expect(first.total).toEqual(["5", "1", "8", "5", "DKK\u00a011,396.06", "DKK\u00a01,349.40"]);

    const second = await tableOf("&page=2");
    expect(second.names).toEqual(["Ærø Roklub"]);
    expect(second.total).toEqual(first.total);
    expect(second.section).toContain("Page 2 of 2 (51 in all)");

    const past = await tableOf("&page=3");
    expect(past.names).toEqual([]);
    expect(past.section).toContain("This page is past the end of the list.");

    // The file keeps every partner.
    const file = await csvOf(
      await get(`/dashboard/admin/reports/export.csv?report=partners&${rangeQuery}`, admin.cookie),
    );
    expect(file.lines).toHaveLength(1 + 51);
  });
});
