import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  fetchDmiForecast,
  WATER_PARAMETER,
  WIND_COLLECTION,
  type DmiForecastConfig,
  type DmiForecastRequest,
} from "./dmi-forecast";

// DMI's answers as `npm run dmi:record` saves them (tests/fixtures/dmi/), replayed by a fake
// fetch: these tests never reach DMI. The events' hours are placed from the recorded steps, so
// a new recording keeps them meaningful.
const fixtureSchema = z.object({
  recordedAt: z.iso.datetime(),
  request: z.object({ collection: z.string(), point: z.object({ lat: z.number(), lon: z.number() }) }),
  status: z.number().int(),
  body: z.unknown(),
});
type Fixture = z.infer<typeof fixtureSchema>;

const fixtureDir = path.resolve(import.meta.dirname, "../../tests/fixtures/dmi");
const fixture = (name: string): Fixture =>
  fixtureSchema.parse(JSON.parse(fs.readFileSync(path.join(fixtureDir, `${name}.json`), "utf8")));

const wind = fixture("copenhagen-harbour.harmonie_dini_sf");
const idw = fixture("copenhagen-harbour.dkss_idw");
const nsbs = fixture("copenhagen-harbour.dkss_nsbs");
const outside = fixture("outside-grid.harmonie_dini_sf");
const unavailable = fixture("unavailable.harmonie_dini_sf");

const featuresSchema = z.object({
  features: z.array(
    z.object({ properties: z.record(z.string(), z.union([z.string(), z.number(), z.null()])) }),
  ),
});
/** A fixture's values by step (epoch ms). */
function stepsOf(recorded: Fixture): Map<number, Record<string, string | number | null>> {
  const { features } = featuresSchema.parse(recorded.body);
  return new Map(features.map(({ properties }) => [Date.parse(String(properties.step)), properties]));
}

const HOUR = 3_600_000;
const windSteps = stepsOf(wind);
const firstWindStep = Math.min(...windSteps.keys());
const lastWindStep = Math.max(...windSteps.keys());
const NOW = new Date(wind.recordedAt);
const HARBOUR = wind.request.point;
const CONFIG: DmiForecastConfig = { url: "https://dmi.test/v1/forecastedr", timeoutMs: 1_000 };

type Answer = Fixture | "empty" | "never" | "ignores-abort" | Error | { status: number; text: string };

/** A fetch that answers each collection as told (404 for those not named) and keeps the requests. */
function replay(answers: Record<string, Answer>) {
  const requests: { url: URL; headers: Headers }[] = [];
  const fetch: typeof globalThis.fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    requests.push({ url, headers: new Headers(init?.headers) });
    const collection = url.pathname.split("/").at(-2) ?? "";
    const answer = answers[collection] ?? outside;
    if (answer === "never") {
      return new Promise((_, reject) => {
        init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
      });
    }
    if (answer === "ignores-abort") return new Promise(() => undefined);
    if (answer instanceof Error) return Promise.reject(answer);
    if (answer === "empty") return Promise.resolve(geojson({ type: "FeatureCollection", features: [] }));
    if ("text" in answer) return Promise.resolve(new Response(answer.text, { status: answer.status }));
    const body = typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body);
    return Promise.resolve(new Response(body, { status: answer.status }));
  };
  return { fetch, requests, collections: () => requests.map(({ url }) => url.pathname.split("/").at(-2)) };
}

const geojson = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/geo+json" } });

function request(
  fetch: typeof globalThis.fetch,
  from: number,
  to: number,
  overrides: Partial<DmiForecastRequest> = {},
): DmiForecastRequest {
  return {
    config: CONFIG,
    point: HARBOUR,
    from: new Date(from),
    to: new Date(to),
    now: NOW,
    fetch,
    ...overrides,
  };
}

const round1 = (value: number) => Math.round(value * 10) / 10;

describe("fetchDmiForecast: the event's hours", () => {
  it("reads wind, gusts and direction, and air (kelvin) and water temperature in °C, hour by hour", async () => {
    const dmi = replay({ [WIND_COLLECTION]: wind, dkss_idw: idw });
    const from = firstWindStep + 6 * HOUR;
    const result = await fetchDmiForecast(request(dmi.fetch, from, from + 4 * HOUR));

    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const waterSteps = stepsOf(idw);
    expect(result.hours).toEqual(
      [0, 1, 2, 3, 4].map((index) => {
        const hour = from + index * HOUR;
        const at = windSteps.get(hour)!;
        return {
          hour: new Date(hour).toISOString(),
          windMs: round1(Number(at["wind-speed-10m"])),
          gustMs: round1(Number(at["gust-wind-speed-10m"])),
          windDirDeg: Math.round(Number(at["wind-dir-10m"])) % 360,
          airC: round1(Number(at["temperature-2m"]) - 273.15),
          waterC: round1(Number(waterSteps.get(hour)![WATER_PARAMETER])),
        };
      }),
    );
    // DMI gives the air in kelvin: nothing near 0 °C in June, nothing near 290.
    expect(result.hours.every(({ airC }) => airC !== null && airC > 5 && airC < 35)).toBe(true);
    expect(result.windNotForecastYet).toBe(false);
    expect(result.answered.map(({ collection }) => collection)).toEqual([WIND_COLLECTION, "dkss_idw"]);
    expect(result.answered[0]).toMatchObject({
      firstStep: new Date(firstWindStep).toISOString(),
      lastStep: new Date(lastWindStep).toISOString(),
    });
    expect(result.answered[0]!.gridPoint).toHaveLength(2);
  });

  it("asks each collection for the point and the hours, as DMI documents the query", async () => {
    const dmi = replay({ [WIND_COLLECTION]: wind, dkss_idw: idw });
    const from = firstWindStep + 6 * HOUR + 20 * 60_000; // 08:20 …
    await fetchDmiForecast(request(dmi.fetch, from, from + 3 * HOUR)); // … to 11:20

    const windUrl = dmi.requests.find(({ url }) => url.pathname.includes(WIND_COLLECTION))!.url;
    expect(windUrl.origin + windUrl.pathname).toBe(
      `https://dmi.test/v1/forecastedr/collections/${WIND_COLLECTION}/position`,
    );
    expect(Object.fromEntries(windUrl.searchParams)).toEqual({
      coords: `POINT(${HARBOUR.lon} ${HARBOUR.lat})`,
      crs: "crs84",
      "parameter-name": "wind-speed-10m,gust-wind-speed-10m,wind-dir-10m,temperature-2m",
      // Rounded out to whole hours.
      datetime: `${iso(firstWindStep + 6 * HOUR)}/${iso(firstWindStep + 10 * HOUR)}`,
      f: "GeoJSON",
    });
    expect(windUrl.search).toContain("coords=POINT%28");
    expect(windUrl.search).not.toContain("+");
    const waterUrl = dmi.requests.find(({ url }) => url.pathname.includes("dkss_idw"))!.url;
    expect(waterUrl.searchParams.get("parameter-name")).toBe("water-temperature");
  });

  it("sends the api-key header only when a key is configured", async () => {
    const without = replay({ [WIND_COLLECTION]: wind, dkss_idw: idw });
    await fetchDmiForecast(request(without.fetch, firstWindStep, firstWindStep + HOUR));
    expect(without.requests.every(({ headers }) => !headers.has("api-key"))).toBe(true);

    const withKey = replay({ [WIND_COLLECTION]: wind, dkss_idw: idw });
    const config = { ...CONFIG, apiKey: "k-123" };
    await fetchDmiForecast(request(withKey.fetch, firstWindStep, firstWindStep + HOUR, { config }));
    expect(withKey.requests.map(({ headers }) => headers.get("api-key"))).toEqual(["k-123", "k-123"]);
    expect(withKey.requests.every(({ url }) => !url.search.includes("k-123"))).toBe(true);
  });
});

describe("fetchDmiForecast: water temperature from DKSS's areas", () => {
  const from = firstWindStep + 6 * HOUR;
  const to = from + 2 * HOUR;

  it("asks the North Sea and Baltic when the inner Danish waters have no point there", async () => {
    const dmi = replay({ [WIND_COLLECTION]: wind, dkss_idw: outside, dkss_nsbs: nsbs });
    const result = await fetchDmiForecast(request(dmi.fetch, from, to));

    expect(dmi.collections()).toEqual([WIND_COLLECTION, "dkss_idw", "dkss_nsbs"]);
    expect(result.ok && result.answered.map(({ collection }) => collection)).toEqual([
      WIND_COLLECTION,
      "dkss_nsbs",
    ]);
    expect(result.ok && result.hours[0]!.waterC).toBe(
      round1(Number(stepsOf(nsbs).get(from)![WATER_PARAMETER])),
    );
  });

  it("asks the next area when one answers empty or only with land (no values)", async () => {
    const land = {
      ...idw,
      body: {
        type: "FeatureCollection",
        features: [...stepsOf(idw).keys()].map((step) => ({
          type: "Feature",
          geometry: { type: "Point", coordinates: [12.6, 55.68] },
          properties: { step: new Date(step).toISOString(), [WATER_PARAMETER]: null },
        })),
      },
    };
    const dmi = replay({ [WIND_COLLECTION]: wind, dkss_idw: "empty", dkss_nsbs: land, dkss_lf: idw });
    const result = await fetchDmiForecast(request(dmi.fetch, from, to));

    expect(dmi.collections()).toEqual([WIND_COLLECTION, "dkss_idw", "dkss_nsbs", "dkss_lf"]);
    expect(result.ok && result.answered.map(({ collection }) => collection)).toEqual([
      WIND_COLLECTION,
      "dkss_lf",
    ]);
  });

  it("gives the wind without water where no area has the point (a lake)", async () => {
    const dmi = replay({ [WIND_COLLECTION]: wind });
    const result = await fetchDmiForecast(request(dmi.fetch, from, to));

    expect(dmi.collections()).toEqual([WIND_COLLECTION, "dkss_idw", "dkss_nsbs", "dkss_lf"]);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.hours.map(({ waterC }) => waterC)).toEqual([null, null, null]);
    expect(result.hours.every(({ windMs }) => windMs !== null)).toBe(true);
    expect(result.answered.map(({ collection }) => collection)).toEqual([WIND_COLLECTION]);
  });
});

describe("fetchDmiForecast: hours beyond HARMONIE's reach", () => {
  it("flags the hours after HARMONIE's last step as not forecast yet, with the water there", async () => {
    const dmi = replay({ [WIND_COLLECTION]: wind, dkss_idw: idw });
    const result = await fetchDmiForecast(
      request(dmi.fetch, lastWindStep - 2 * HOUR, lastWindStep + 2 * HOUR),
    );

    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.windNotForecastYet).toBe(true);
    expect(result.hours.map(({ windMs }) => windMs !== null)).toEqual([true, true, true, false, false]);
    expect(result.hours.map(({ gustMs, airC }) => gustMs !== null && airC !== null)).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
    expect(result.hours.every(({ waterC }) => waterC !== null)).toBe(true);
  });

  it("does not ask HARMONIE for an event more than 60 hours ahead, and still gives the water", async () => {
    const dmi = replay({ [WIND_COLLECTION]: wind, dkss_idw: idw });
    const from = Math.ceil((NOW.getTime() + 61 * HOUR) / HOUR) * HOUR;
    const result = await fetchDmiForecast(request(dmi.fetch, from, from + 2 * HOUR));

    expect(dmi.collections()).toEqual(["dkss_idw"]);
    expect(result.ok && result.windNotForecastYet).toBe(true);
    expect(result.ok && result.hours.map(({ windMs, waterC }) => [windMs, waterC !== null])).toEqual([
      [null, true],
      [null, true],
      [null, true],
    ]);
  });

  it("reads an empty HARMONIE answer as not forecast yet when DKSS has the point", async () => {
    const dmi = replay({ [WIND_COLLECTION]: "empty", dkss_idw: idw });
    const result = await fetchDmiForecast(
      request(dmi.fetch, firstWindStep + 2 * HOUR, firstWindStep + 4 * HOUR, {
        now: new Date(firstWindStep),
      }),
    );

    expect(result.ok && result.windNotForecastYet).toBe(true);
    expect(result.ok && result.hours.every(({ windMs, waterC }) => windMs === null && waterC !== null)).toBe(
      true,
    );
  });

  it("asks nothing for an event beyond every model's reach", async () => {
    const dmi = replay({});
    const from = NOW.getTime() + 6 * 24 * HOUR;
    const result = await fetchDmiForecast(request(dmi.fetch, from, from + HOUR));

    expect(dmi.requests).toEqual([]);
    expect(result).toMatchObject({ ok: true, windNotForecastYet: true, answered: [] });
  });
});

describe("fetchDmiForecast: failures come back typed, never thrown", () => {
  const from = firstWindStep + 6 * HOUR;
  const to = from + 2 * HOUR;

  it("asks nothing when no address is configured", async () => {
    const dmi = replay({ [WIND_COLLECTION]: wind, dkss_idw: idw });
    const result = await fetchDmiForecast(request(dmi.fetch, from, to, { config: { ...CONFIG, url: "" } }));

    expect(result).toMatchObject({ ok: false, failure: "not-configured" });
    expect(dmi.requests).toEqual([]);
  });

  it("says outside the grid for a point no model has, within HARMONIE's reach", async () => {
    const dmi = replay({ [WIND_COLLECTION]: outside });
    const result = await fetchDmiForecast(request(dmi.fetch, from, to, { point: outside.request.point }));

    expect(result).toMatchObject({ ok: false, failure: "outside-grid" });
  });

  it("says outside the grid when HARMONIE answers empty and no DKSS area has the point", async () => {
    const dmi = replay({ [WIND_COLLECTION]: "empty" });
    const result = await fetchDmiForecast(request(dmi.fetch, from, to));

    expect(result).toMatchObject({ ok: false, failure: "outside-grid" });
  });

  it.each([
    ["HARMONIE", { [WIND_COLLECTION]: unavailable, dkss_idw: idw }],
    ["DKSS", { [WIND_COLLECTION]: wind, dkss_idw: unavailable }],
    ["DKSS's second area", { [WIND_COLLECTION]: wind, dkss_idw: outside, dkss_nsbs: unavailable }],
    ["a limit", { [WIND_COLLECTION]: { status: 429, text: "Too Many Requests" }, dkss_idw: idw }],
    ["the network", { [WIND_COLLECTION]: new TypeError("fetch failed"), dkss_idw: idw }],
  ])("says upstream unavailable when %s fails", async (_, answers) => {
    const result = await fetchDmiForecast(request(replay(answers).fetch, from, to));

    expect(result).toMatchObject({ ok: false, failure: "upstream-unavailable" });
  });

  it("says refused when DMI wants a key it was not given", async () => {
    const dmi = replay({
      [WIND_COLLECTION]: { status: 401, text: '{"message":"No API key"}' },
      dkss_idw: idw,
    });
    const result = await fetchDmiForecast(request(dmi.fetch, from, to));

    expect(result).toMatchObject({
      ok: false,
      failure: "refused",
      detail: `${WIND_COLLECTION}: DMI answered 401`,
    });
  });

  it("gives up after the timeout, aborting the request", async () => {
    const dmi = replay({ [WIND_COLLECTION]: "never", dkss_idw: idw });
    const started = performance.now();
    const result = await fetchDmiForecast(
      request(dmi.fetch, from, to, { config: { ...CONFIG, timeoutMs: 50 } }),
    );

    expect(result).toMatchObject({ ok: false, failure: "timeout" });
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it("gives up after the timeout even when the fetch ignores the abort", async () => {
    const dmi = replay({ [WIND_COLLECTION]: wind, dkss_idw: "ignores-abort" });
    const result = await fetchDmiForecast(
      request(dmi.fetch, from, to, { config: { ...CONFIG, timeoutMs: 50 } }),
    );

    expect(result).toMatchObject({
      ok: false,
      failure: "timeout",
      detail: "dkss_idw: no answer within 50 ms",
    });
  });

  it.each([
    ["text that is not JSON", "<html>Bad gateway</html>"],
    ["CoverageJSON instead of GeoJSON", JSON.stringify({ type: "Coverage", domain: {}, ranges: {} })],
    [
      "a feature without its step",
      JSON.stringify({ type: "FeatureCollection", features: [{ type: "Feature" }] }),
    ],
    [
      "a value that is not a number",
      JSON.stringify({
        type: "FeatureCollection",
        features: [
          {
            type: "Feature",
            geometry: { type: "Point", coordinates: [12.6, 55.68] },
            properties: { step: new Date(from).toISOString(), "wind-speed-10m": "calm" },
          },
        ],
      }),
    ],
  ])("says malformed for %s", async (_, text) => {
    const dmi = replay({ [WIND_COLLECTION]: { status: 200, text }, dkss_idw: idw });
    const result = await fetchDmiForecast(request(dmi.fetch, from, to));

    expect(result).toMatchObject({ ok: false, failure: "malformed" });
  });
});

function iso(ms: number): string {
  return new Date(ms).toISOString().replace(".000Z", "Z");
}
