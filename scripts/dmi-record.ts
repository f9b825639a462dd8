// `npm run dmi:record`: asks DMI's Forecast Data EDR API (DMI_FORECAST_URL, with
// DMI_FORECAST_API_KEY if set) the queries the forecast adapter makes, and writes each answer
// to tests/fixtures/dmi/, which server/weather/dmi-forecast.test.ts replays (ADR 038):
//
// - copenhagen-harbour.harmonie_dini_sf.json, .dkss_idw.json and .dkss_nsbs.json: wind and
//   water for a point in Copenhagen's inner harbour, over the hours from 40 to 72 hours ahead,
//   so that HARMONIE's answer ends within them (it reaches about 60 hours) and DKSS's does not;
// - outside-grid.harmonie_dini_sf.json: the same hours for a point in the mid-Atlantic, outside
//   HARMONIE DINI's area (DMI answers 404).
//
// DMI cannot be made to answer 503, so unavailable.harmonie_dini_sf.json is kept as written by
// hand. Each file holds the request, the time it was made (the tests count the models' reach
// from it), the status and the body (parsed when it is JSON, else the text).
//
// Usage: DMI_FORECAST_URL=https://opendataapi.dmi.dk/v1/forecastedr npm run dmi:record
import fs from "node:fs/promises";
import path from "node:path";
import { loadEnv } from "#server/env";
import {
  dmiForecastConfig,
  positionUrl,
  requestHeaders,
  WATER_PARAMETER,
  WIND_COLLECTION,
  WIND_PARAMETERS,
} from "#server/weather/dmi-forecast";

const HOUR_MS = 3_600_000;
const HARBOUR = { lat: 55.6795, lon: 12.595 };
const MID_ATLANTIC = { lat: 40, lon: -30 };
const directory = path.resolve(import.meta.dirname, "../tests/fixtures/dmi");

const queries = [
  {
    file: "copenhagen-harbour.harmonie_dini_sf",
    collection: WIND_COLLECTION,
    parameters: WIND_PARAMETERS,
    point: HARBOUR,
  },
  {
    file: "copenhagen-harbour.dkss_idw",
    collection: "dkss_idw",
    parameters: [WATER_PARAMETER],
    point: HARBOUR,
  },
  {
    file: "copenhagen-harbour.dkss_nsbs",
    collection: "dkss_nsbs",
    parameters: [WATER_PARAMETER],
    point: HARBOUR,
  },
  {
    file: "outside-grid.harmonie_dini_sf",
    collection: WIND_COLLECTION,
    parameters: WIND_PARAMETERS,
    point: MID_ATLANTIC,
  },
] as const;

async function main(): Promise<void> {
  const config = dmiForecastConfig(loadEnv());
  if (config.url === "") {
    console.error(
      "Set DMI_FORECAST_URL (e.g. https://opendataapi.dmi.dk/v1/forecastedr) to record DMI's answers.",
    );
    process.exitCode = 1;
    return;
  }
  const recordedAt = new Date();
  const nextHour = Math.ceil(recordedAt.getTime() / HOUR_MS) * HOUR_MS;
  const fromMs = nextHour + 40 * HOUR_MS;
  const toMs = nextHour + 72 * HOUR_MS;
  await fs.mkdir(directory, { recursive: true });
  for (const query of queries) {
    const url = positionUrl(config.url, query.collection, query.parameters, query.point, fromMs, toMs);
    const response = await fetch(url, {
      headers: requestHeaders(config),
      signal: AbortSignal.timeout(Math.max(config.timeoutMs, 30_000)),
    });
    const text = await response.text();
    const record = {
      recordedAt: recordedAt.toISOString(),
      request: {
        collection: query.collection,
        point: query.point,
        parameters: query.parameters,
        datetime: new URL(url).searchParams.get("datetime"),
      },
      status: response.status,
      body: parseOrText(text),
    };
    const file = path.join(directory, `${query.file}.json`);
    await fs.writeFile(file, `${JSON.stringify(record, null, 2)}\n`);
    console.log(
      `${response.status} ${query.collection} at POINT(${query.point.lon} ${query.point.lat}) → ${file}`,
    );
  }
  console.log("unavailable.harmonie_dini_sf.json is written by hand (DMI cannot be made to answer 503).");
}

function parseOrText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

await main();
