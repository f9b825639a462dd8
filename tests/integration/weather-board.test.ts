import fs from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "#server/auth/actor";
import type { DatabaseHandle } from "#server/db/client";
import { auditLog, eventForecasts, events, partners } from "#server/db/schema";
import { AppError } from "#server/errors";
import { withLocale } from "#server/http/language";
import type { ForecastHour } from "#server/weather/dmi-forecast";
import { fetchForecastNow, MANUAL_FETCHES_PER_HOUR } from "#server/weather/fetch-forecast-now";
import { currentCheckpoint, fetchForecasts, type ForecastSource } from "#server/weather/fetch-forecasts";
import { saveWeatherLimits } from "#server/weather/save-weather-limits";
import { getWeatherBoard } from "#server/weather/weather-board";
import { createBooker } from "../support/accounts";
import { createTestDatabase, testDatabaseKind } from "../support/database";
import { createTestEvent } from "../support/events";
import { createTestPartner } from "../support/partners";

// The weather board and the forecasts behind it (ADR 038, slice 9). DMI's answers are the
// recorded ones (tests/fixtures/dmi), replayed by a fake fetch: these tests never reach DMI.
let database: DatabaseHandle;
const db = () => database.db;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

const HOUR = 3_600_000;

type Recorded = { recordedAt: string; status: number; body: unknown };
const fixtureDir = path.resolve(import.meta.dirname, "../fixtures/dmi");
const fixture = (name: string): Recorded =>
  JSON.parse(fs.readFileSync(path.join(fixtureDir, `${name}.json`), "utf8")) as Recorded;
const wind = fixture("copenhagen-harbour.harmonie_dini_sf");
const water = fixture("copenhagen-harbour.dkss_idw");
const outside = fixture("outside-grid.harmonie_dini_sf");
const unavailable = fixture("unavailable.harmonie_dini_sf");

/** The recorded answer of each collection (404 for the rest), and the points asked. */
function replay(answers: Record<string, Recorded>) {
  const asked: string[] = [];
  const fetch: typeof globalThis.fetch = (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    asked.push(url.searchParams.get("coords") ?? "");
    const answer = answers[url.pathname.split("/").at(-2) ?? ""] ?? outside;
    return Promise.resolve(new Response(JSON.stringify(answer.body), { status: answer.status }));
  };
  return { fetch, asked };
}

const CONFIG = { url: "https://dmi.test/v1/forecastedr", timeoutMs: 1_000 };
const dmi = (answers: Record<string, Recorded> = { harmonie_dini_sf: wind, dkss_idw: water }) => {
  const replayed = replay(answers);
  const forecast: ForecastSource = { config: CONFIG, fetch: replayed.fetch };
  return { forecast, asked: replayed.asked };
};
const NOT_CONFIGURED: ForecastSource = { config: { url: "", timeoutMs: 1_000 } };

/** The recorded steps' first hour, plus six: an event the recording covers from end to end. */
const RECORDED_START = new Date(Date.parse("2026-06-13T02:00:00Z") + 6 * HOUR);

const memberOf = async (partnerId: string): Promise<Actor> => ({
  userId: await createBooker(db(), "member"),
  role: "partner",
  partnerIds: [partnerId],
});

/**
 * A published event of its own partner at `startsAt`, three hours long, at Copenhagen's
 * inner harbour unless `point` is null (then the partner's point, if `partnerPoint`).
 */
async function weatherEvent(
  startsAt: Date,
  {
    point = { lat: "55.6795", lon: "12.595" },
    partnerPoint = null,
    status = "published",
  }: {
    point?: { lat: string; lon: string } | null;
    partnerPoint?: { lat: string; lon: string } | null;
    status?: "published" | "draft" | "cancelled";
  } = {},
) {
  const partner = await createTestPartner(db(), "Weather Rowing Club", {
    forecastLat: partnerPoint?.lat ?? null,
    forecastLon: partnerPoint?.lon ?? null,
  });
  const event = await createTestEvent(db(), partner.id, {
    startsAt,
    endsAt: new Date(startsAt.getTime() + 3 * HOUR),
    registrationDeadline: new Date(startsAt.getTime() - 10 * 24 * HOUR),
    status,
    forecastLat: point?.lat ?? null,
    forecastLon: point?.lon ?? null,
  });
  return { partner, event, member: await memberOf(partner.id) };
}

const forecastsOf = (eventId: string) =>
  db()
    .select()
    .from(eventForecasts)
    .where(eq(eventForecasts.eventId, eventId))
    .orderBy(eventForecasts.fetchedAt);

/** A distinct start for each test far from the others, so one test's job run never takes another's events. */
let slot = 0;
const nextStart = () => new Date(Date.parse("2030-01-05T09:00:00Z") + ++slot * 30 * 24 * HOUR);

describe(`the fetch-forecasts job on ${testDatabaseKind}`, () => {
  it("takes the nearest checkpoint that has passed, and none before 72 hours or once started", () => {
    const start = new Date("2030-06-01T10:00:00Z");
    const at = (hoursBefore: number) =>
      currentCheckpoint(start, new Date(start.getTime() - hoursBefore * HOUR));
    expect([at(80), at(72), at(71), at(48.5), at(48), at(30), at(24), at(1), at(0), at(-2)]).toEqual([
      null,
      "72h",
      "72h",
      "72h",
      "48h",
      "48h",
      "24h",
      "24h",
      null,
      null,
    ]);
  });

  it("stores the recorded forecast at the 48-hour checkpoint, once however often it runs", async () => {
    const { event } = await weatherEvent(RECORDED_START);
    const { forecast } = dmi();
    const now = new Date(RECORDED_START.getTime() - 47 * HOUR);

    expect(
      await fetchForecasts({ db: db(), forecast }, new Date(RECORDED_START.getTime() - 73 * HOUR)),
    ).toEqual({
      stored: 0,
      failed: 0,
    });
    await fetchForecasts({ db: db(), forecast }, now);
    const rows = await forecastsOf(event.id);
    expect(rows.map((row) => [row.checkpoint, row.ok, row.error])).toEqual([["48h", true, null]]);
    const hours = rows[0]!.series!.hours;
    expect(hours.map((hour) => hour.hour)).toEqual(
      [0, 1, 2, 3].map((hour) => new Date(RECORDED_START.getTime() + hour * HOUR).toISOString()),
    );
    expect(hours.every((hour) => hour.windMs !== null && hour.waterC !== null)).toBe(true);
    expect(rows[0]!.modelRuns.map((run) => run.collection)).toEqual(["harmonie_dini_sf", "dkss_idw"]);

    // A second run, or a second worker, in the same hour or the next: nothing written twice.
    await fetchForecasts({ db: db(), forecast }, now);
    await fetchForecasts({ db: db(), forecast }, new Date(now.getTime() + HOUR));
    const again = await forecastsOf(event.id);
    expect(again).toEqual(rows);
  });

  it("fetches each checkpoint as it passes, from the event's point or else the partner's", async () => {
    const start = nextStart();
    const own = await weatherEvent(start);
    const partners_ = await weatherEvent(start, { point: null, partnerPoint: { lat: "55.7", lon: "12.6" } });
    const none = await weatherEvent(start, { point: null });
    const draft = await weatherEvent(start, { status: "draft" });
    const { forecast, asked } = dmi();
    for (const hoursBefore of [71, 47, 23]) {
      await fetchForecasts({ db: db(), forecast }, new Date(start.getTime() - hoursBefore * HOUR));
    }
    for (const { event } of [own, partners_]) {
      expect((await forecastsOf(event.id)).map((row) => [row.checkpoint, row.ok])).toEqual([
        ["72h", true],
        ["48h", true],
        ["24h", true],
      ]);
    }
    // Beyond HARMONIE's reach at 72 hours: water only, the wind "not forecast yet".
    const [first] = await forecastsOf(own.event.id);
    expect(first!.series!.windNotForecastYet).toBe(true);
    expect(first!.modelRuns.map((run) => run.collection)).toEqual(["dkss_idw"]);
    expect(asked).toContain("POINT(12.6 55.7)");
    expect(await forecastsOf(none.event.id)).toEqual([]);
    expect(await forecastsOf(draft.event.id)).toEqual([]);
  });

  it("stores a failure with its error and replaces it when the next hour's try succeeds", async () => {
    const { event } = await weatherEvent(RECORDED_START, {});
    const down = dmi({ harmonie_dini_sf: unavailable, dkss_idw: water });
    const now = new Date(RECORDED_START.getTime() - 20 * HOUR);
    await fetchForecasts({ db: db(), forecast: down.forecast }, now);
    const [failed] = (await forecastsOf(event.id)).filter((row) => row.checkpoint === "24h");
    expect(failed).toMatchObject({ ok: false, series: null });
    expect(failed!.error).toMatch(/^upstream-unavailable: harmonie_dini_sf: DMI answered 503/);

    const later = new Date(now.getTime() + HOUR);
    await fetchForecasts({ db: db(), forecast: dmi().forecast }, later);
    const rows = (await forecastsOf(event.id)).filter((row) => row.checkpoint === "24h");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ok: true, error: null, fetchedAt: later });
  });

  it("does nothing when no forecast is configured", async () => {
    const start = nextStart();
    const { event } = await weatherEvent(start);
    expect(
      await fetchForecasts({ db: db(), forecast: NOT_CONFIGURED }, new Date(start.getTime() - 30 * HOUR)),
    ).toEqual({ stored: 0, failed: 0 });
    expect(await forecastsOf(event.id)).toEqual([]);
  });
});

/** An hour of a stored forecast, with every figure given. */
const hourAt = (start: Date, index: number, figures: Partial<ForecastHour>): ForecastHour => ({
  hour: new Date(start.getTime() + index * HOUR).toISOString(),
  windMs: null,
  gustMs: null,
  windDirDeg: null,
  airC: null,
  waterC: null,
  ...figures,
});

describe(`the weather board on ${testDatabaseKind}`, () => {
  it("marks each hour within, outside or unknown against the limits, to the tenth, and winter rules under 10 °C", async () => {
    const start = nextStart();
    const { event, member } = await weatherEvent(start);
    await db()
      .update(events)
      .set({ maxWindMs: "8.0", maxGustMs: "12.5", minWaterC: null })
      .where(eq(events.id, event.id));
    const now = new Date(start.getTime() - 20 * HOUR);
    await db()
      .insert(eventForecasts)
      .values({
        eventId: event.id,
        checkpoint: "24h",
        fetchedAt: now,
        ok: true,
        modelRuns: [],
        series: {
          windNotForecastYet: false,
          hours: [
            hourAt(start, 0, { windMs: 8, gustMs: 12.5, waterC: 10 }),
            hourAt(start, 1, { windMs: 8.1, gustMs: 12.6, waterC: 9.9 }),
            hourAt(start, 2, {}),
          ],
        },
      });
    const board = await getWeatherBoard(db(), member, { eventId: event.id, forecast: dmi().forecast, now });
    expect(board!.limits).toEqual({ maxWindMs: "8", maxGustMs: "12.5", minWaterC: null });
    expect(board!.forecasts[0]!.hours.map((hour) => [hour.wind, hour.gust, hour.water, hour.winter])).toEqual(
      [
        ["within", "within", "unknown", false],
        ["outside", "outside", "unknown", true],
        ["unknown", "unknown", "unknown", false],
      ],
    );

    // With a water limit of 5 °C, 9.9 °C is within it and still winter rules.
    await db().update(events).set({ minWaterC: "5" }).where(eq(events.id, event.id));
    const withWater = await getWeatherBoard(db(), member, {
      eventId: event.id,
      forecast: dmi().forecast,
      now,
    });
    expect(withWater!.forecasts[0]!.hours.map((hour) => [hour.water, hour.winter])).toEqual([
      ["within", false],
      ["within", true],
      ["unknown", false],
    ]);
  });

  it("shows the last good forecast and when the last try failed, reading only the database", async () => {
    const start = nextStart();
    const { event, member } = await weatherEvent(start);
    const now = new Date(start.getTime() - 22 * HOUR);
    const good = new Date(now.getTime() - 26 * HOUR);
    const failedAt = new Date(now.getTime() - HOUR);
    await db()
      .insert(eventForecasts)
      .values([
        {
          eventId: event.id,
          checkpoint: "48h",
          fetchedAt: good,
          ok: true,
          series: { windNotForecastYet: false, hours: [hourAt(start, 0, { windMs: 4 })] },
        },
        { eventId: event.id, checkpoint: "24h", fetchedAt: failedAt, ok: false, error: "timeout: no answer" },
      ]);
    // A fetch that throws: the board never calls it.
    const never: ForecastSource = {
      config: CONFIG,
      fetch: () => Promise.reject(new Error("The board must not wait on DMI.")),
    };
    const board = await getWeatherBoard(db(), member, { eventId: event.id, forecast: never, now });
    expect(board!.configured).toBe(true);
    expect(board!.latestGood).toEqual({ fetchedAt: good });
    expect(board!.lastFailure).toEqual({ fetchedAt: failedAt, failure: "timeout" });
    expect(board!.forecasts.map((forecast) => forecast.checkpoint)).toEqual(["48h"]);
    expect(board!.checkpoints.map((checkpoint) => [checkpoint.checkpoint, checkpoint.state])).toEqual([
      ["72h", "skipped"],
      ["48h", "fetched"],
      ["24h", "failed"],
    ]);
    // The event was published after its 72-hour mark: that one is skipped, the next one says more.
    expect(board!.checkpoints[0]!.dueAt).toEqual(new Date(start.getTime() - 72 * HOUR));
  });

  it("says no forecast is configured, and is not found for another partner", async () => {
    const start = nextStart();
    const { event, member } = await weatherEvent(start);
    const board = await getWeatherBoard(db(), member, { eventId: event.id, forecast: NOT_CONFIGURED });
    expect(board).toMatchObject({ configured: false, forecasts: [], latestGood: null, lastFailure: null });
    const other = await weatherEvent(start);
    expect(
      await getWeatherBoard(db(), other.member, { eventId: event.id, forecast: NOT_CONFIGURED }),
    ).toBeNull();
    expect(
      await getWeatherBoard(db(), member, { eventId: "not-an-id", forecast: NOT_CONFIGURED }),
    ).toBeNull();
  });
});

/** The refusal a command threw. */
async function refusalOf(run: Promise<unknown>): Promise<AppError> {
  const error = await run.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof AppError)) throw new Error(`Expected a refusal, got ${String(error)}`);
  return error;
}

const limitsForm = (fields: Record<string, string> = {}) => ({
  maxWindMs: "",
  maxGustMs: "",
  minWaterC: "",
  forecastLat: "",
  forecastLon: "",
  ...fields,
});

describe(`the weather limits on ${testDatabaseKind}`, () => {
  it("stores what was typed exactly, comma or point, and audits the change", async () => {
    const { event, member, partner } = await weatherEvent(nextStart(), { point: null });
    await saveWeatherLimits(
      { db: db() },
      {
        actor: member,
        eventId: event.id,
        input: limitsForm({
          maxWindMs: "8,5",
          maxGustMs: "12",
          minWaterC: "-1.5",
          forecastLat: "55.67951",
          forecastLon: "12,59502",
          partnerDefault: "on",
        }),
      },
    );
    const [row] = await db().select().from(events).where(eq(events.id, event.id));
    expect([row!.maxWindMs, row!.maxGustMs, row!.minWaterC, row!.forecastLat, row!.forecastLon]).toEqual([
      "8.5",
      "12.0",
      "-1.5",
      "55.67951",
      "12.59502",
    ]);
    expect(row!.version).toBe(event.version);
    const [club] = await db().select().from(partners).where(eq(partners.id, partner.id));
    expect([club!.forecastLat, club!.forecastLon]).toEqual(["55.67951", "12.59502"]);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, event.id), eq(auditLog.action, "event.weather_limits")));
    expect(audit).toMatchObject({ partnerId: partner.id, actorUserId: member.userId });
    expect(audit!.changes).toMatchObject({
      maxWindMs: { before: null, after: "8.5" },
      forecastLat: { before: null, after: "55.67951" },
      partnerForecastPoint: { before: null, after: "55.67951, 12.59502" },
    });

    // Emptied fields clear the limits; the point falls back to the partner's.
    await saveWeatherLimits({ db: db() }, { actor: member, eventId: event.id, input: limitsForm() });
    const [cleared] = await db().select().from(events).where(eq(events.id, event.id));
    expect([cleared!.maxWindMs, cleared!.forecastLat]).toEqual([null, null]);
  });

  it.each([
    ["maxWindMs", { maxWindMs: "windy" }, "highest mean wind"],
    ["maxWindMs", { maxWindMs: "100" }, "highest mean wind"],
    ["maxWindMs", { maxWindMs: "8.25" }, "at most one decimal"],
    ["maxGustMs", { maxGustMs: "-1" }, "highest gusts"],
    ["maxGustMs", { maxWindMs: "10", maxGustMs: "9.9" }, "never weaker"],
    ["minWaterC", { minWaterC: "31" }, "lowest water temperature"],
    ["forecastLat", { forecastLat: "59.3", forecastLon: "18.06" }, "latitude must be in Denmark"],
    ["forecastLon", { forecastLat: "55.6", forecastLon: "18.06" }, "longitude must be in Denmark"],
    ["forecastLat", { forecastLat: "55.123456", forecastLon: "12" }, "at most five decimals"],
    ["forecastLat", { forecastLon: "12.5" }, "latitude too"],
    ["forecastLon", { forecastLat: "55.6" }, "longitude too"],
    ["forecastLat", { partnerDefault: "on" }, "point to use for your other events"],
  ])("refuses %s given %j, saying so by the field, and changes nothing", async (field, fields, words) => {
    const { event, member } = await weatherEvent(nextStart());
    const error = await refusalOf(
      withLocale("en", () =>
        saveWeatherLimits({ db: db() }, { actor: member, eventId: event.id, input: limitsForm(fields) }),
      ),
    );
    expect(error.code).toBe("invalid");
    expect(error.fields[field]).toContain(words);
    const [row] = await db().select().from(events).where(eq(events.id, event.id));
    expect(row).toEqual(event);
  });

  it("is not found for another partner's member, leaving the event and the log as they were", async () => {
    const { event } = await weatherEvent(nextStart());
    const stranger = await memberOf((await createTestPartner(db(), "Other Rowing Club")).id);
    const error = await refusalOf(
      saveWeatherLimits(
        { db: db() },
        { actor: stranger, eventId: event.id, input: limitsForm({ maxWindMs: "3" }) },
      ),
    );
    expect(error.code).toBe("not_found");
    const [row] = await db().select().from(events).where(eq(events.id, event.id));
    expect(row).toEqual(event);
    expect(await db().select().from(auditLog).where(eq(auditLog.entityId, event.id))).toEqual([]);
  });
});

describe(`"Fetch now" on ${testDatabaseKind}`, () => {
  it("stores a manual forecast, failed or not, at most six an hour per event", async () => {
    const start = nextStart();
    const { event, member } = await weatherEvent(start);
    const now = new Date(start.getTime() - 10 * HOUR);
    const good = await fetchForecastNow(
      { db: db(), forecast: dmi().forecast },
      { actor: member, eventId: event.id, now },
    );
    expect(good.ok).toBe(true);
    const down = dmi({ harmonie_dini_sf: unavailable });
    for (let minute = 1; minute < MANUAL_FETCHES_PER_HOUR; minute += 1) {
      const row = await fetchForecastNow(
        { db: db(), forecast: down.forecast },
        { actor: member, eventId: event.id, now: new Date(now.getTime() + minute * 60_000) },
      );
      expect(row.ok).toBe(false);
    }
    const seventh = new Date(now.getTime() + 10 * 60_000);
    const error = await refusalOf(
      withLocale("en", () =>
        fetchForecastNow(
          { db: db(), forecast: dmi().forecast },
          { actor: member, eventId: event.id, now: seventh },
        ),
      ),
    );
    expect(error).toMatchObject({ code: "rate_limited", status: 429, retryAfterSeconds: 50 * 60 });
    expect(error.message).toBe(
      "A forecast can be fetched by hand 6 times an hour for each event. Try again in 50 minutes.",
    );
    expect(await forecastsOf(event.id)).toHaveLength(MANUAL_FETCHES_PER_HOUR);

    // An hour after the first, one more may be fetched; the board shows the newest good one.
    const hourLater = new Date(now.getTime() + HOUR + 1_000);
    await fetchForecastNow(
      { db: db(), forecast: dmi().forecast },
      { actor: member, eventId: event.id, now: hourLater },
    );
    const board = await getWeatherBoard(db(), member, {
      eventId: event.id,
      forecast: dmi().forecast,
      now: hourLater,
    });
    expect(board!.forecasts.map((forecast) => [forecast.checkpoint, forecast.fetchedAt])).toEqual([
      ["manual", hourLater],
    ]);
    // The five failed tries of the last hour count too.
    expect(board!.fetchesLeft).toBe(0);
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, event.id), eq(auditLog.action, "event.fetch_forecast")));
    expect(audits).toHaveLength(MANUAL_FETCHES_PER_HOUR + 1);
  });

  it("is refused without configuration, and not found for another partner", async () => {
    const { event, member } = await weatherEvent(nextStart());
    const error = await refusalOf(
      fetchForecastNow({ db: db(), forecast: NOT_CONFIGURED }, { actor: member, eventId: event.id }),
    );
    expect(error).toMatchObject({ code: "conflict", reason: "not_configured" });
    const stranger = await memberOf((await createTestPartner(db(), "Other Rowing Club")).id);
    const notFound = await refusalOf(
      fetchForecastNow({ db: db(), forecast: dmi().forecast }, { actor: stranger, eventId: event.id }),
    );
    expect(notFound.code).toBe("not_found");
    expect(await forecastsOf(event.id)).toEqual([]);
  });
});
