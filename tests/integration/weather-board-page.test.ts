import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventForecasts, events } from "#server/db/schema";
import { createAccount, postForm, type TestAccount } from "../support/accounts";
import { createTestEvent } from "../support/events";
import { createTestSite, type TestSite } from "../support/http-app";
import { createTestPartner } from "../support/partners";

// The weather board as the partner sees it, through the whole site (ADR 038): the page
// renders the stored forecast against the limits, keeps typed text after a refusal, and
// "Fetch now" asks DMI (the recorded answers, replayed) and comes back to the board.
let site: TestSite;
let member: TestAccount;
let event: typeof events.$inferSelect;
const HOUR = 3_600_000;

const fixture = (name: string) =>
  JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, `../fixtures/dmi/${name}.json`), "utf8")) as {
    status: number;
    body: unknown;
  };
const answers: Record<string, { status: number; body: unknown }> = {
  harmonie_dini_sf: fixture("copenhagen-harbour.harmonie_dini_sf"),
  dkss_idw: fixture("copenhagen-harbour.dkss_idw"),
};
const outside = fixture("outside-grid.harmonie_dini_sf");

beforeAll(async () => {
  site = await createTestSite({
    forecast: {
      config: { url: "https://dmi.test/v1/forecastedr", timeoutMs: 1_000 },
      fetch: (input) => {
        const url = new URL(input instanceof Request ? input.url : String(input));
        const answer = answers[url.pathname.split("/").at(-2) ?? ""] ?? outside;
        return Promise.resolve(new Response(JSON.stringify(answer.body), { status: answer.status }));
      },
    },
  });
  const partner = await createTestPartner(site.database.db, "Board Roklub");
  member = await createAccount(site, { role: "partner", partnerId: partner.id });
  const startsAt = new Date(Date.now() + 20 * HOUR);
  event = await createTestEvent(site.database.db, partner.id, {
    startsAt,
    endsAt: new Date(startsAt.getTime() + 2 * HOUR),
    registrationDeadline: new Date(startsAt.getTime() - 2 * 24 * HOUR),
    maxWindMs: "8",
    forecastLat: "55.6795",
    forecastLon: "12.595",
  });
  await site.database.db.insert(eventForecasts).values({
    eventId: event.id,
    checkpoint: "24h",
    fetchedAt: new Date(Date.now() - 3 * HOUR),
    ok: true,
    modelRuns: [
      {
        collection: "harmonie_dini_sf",
        gridPoint: [12.593, 55.681],
        firstStep: startsAt.toISOString(),
        lastStep: startsAt.toISOString(),
      },
    ],
    series: {
      windNotForecastYet: false,
      hours: [
        { hour: startsAt.toISOString(), windMs: 9.5, gustMs: 13, windDirDeg: 250, airC: 6, waterC: 7.5 },
      ],
    },
  });
});

afterAll(async () => {
  await site?.close();
});

const boardPath = () => `/dashboard/partner/events/${event.id}/weather`;
const get = (cookie: string) => site.request(boardPath(), { headers: { Cookie: cookie } });

describe("the weather board page", () => {
  it("shows the forecast against the limits, the winter rules and when it was fetched", async () => {
    const response = await get(member.cookie);
    expect(response.status).toBe(200);
    const html = (await response.text()).replaceAll("<!-- -->", "");
    expect(html).toContain("Weather board");
    expect(html).toContain("The latest forecast was fetched 3 hours ago.");
    expect(html).toMatch(/9\.5 m\/s <span[^>]*>\(outside\)/);
    expect(html).toMatch(/13\.0 m\/s <span[^>]*>\(unknown\)/);
    expect(html).toContain("winter rules");
    expect(html).toContain(`/dashboard/partner/events/${event.id}/weather/decide`);
  });

  it("names the forecast a decision was taken on, beside the decision on the event's page and the decision page", async () => {
    const decided = await postForm(site, `${boardPath()}/decide`, { intent: "go", note: "" }, member.cookie);
    expect(decided.status).toBe(303);
    for (const path of [`/dashboard/partner/events/${event.id}`, `${boardPath()}/decide`]) {
      const response = await site.request(path, { headers: { Cookie: member.cookie } });
      expect(response.status, path).toBe(200);
      const html = (await response.text()).replaceAll("<!-- -->", "");
      expect(html, path).toContain("Go: the club expects to row");
      expect(html, path).toMatch(
        /Decided on the forecast fetched [^<]+ \(24 hours before\): mean wind up to 9\.5 m\/s \(outside\), gusts up to 13\.0 m\/s \(unknown\), water down to 7\.5 °C \(unknown\), winter rules\. Outside the club(&#x27;|')s limits\./,
      );
    }
  });

  it("answers a point outside Denmark with 400 and the message by the field, keeping what was typed", async () => {
    const response = await postForm(
      site,
      boardPath(),
      { intent: "limits", maxWindMs: "7,5", forecastLat: "59.33", forecastLon: "18.06" },
      member.cookie,
    );
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("The latitude must be in Denmark");
    expect(html).toContain('value="59.33"');
    expect(html).toContain('value="7,5"');
    const [row] = await site.database.db.select().from(events).where(eq(events.id, event.id));
    expect(row!.maxWindMs).toBe("8.0");
  });

  it("fetches a forecast by hand and returns to the board", async () => {
    const response = await postForm(site, boardPath(), { intent: "fetch" }, member.cookie);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(boardPath());
    const rows = await site.database.db
      .select()
      .from(eventForecasts)
      .where(eq(eventForecasts.eventId, event.id));
    expect(rows.map((row) => [row.checkpoint, row.ok]).sort()).toEqual([
      ["24h", true],
      ["manual", true],
    ]);
  });
});
