// The forecast of an event's hours from DMI's Forecast Data EDR API (ADR 038, "The DMI forecast
// adapter"): wind, gusts and air temperature from the weather model HARMONIE DINI, water
// temperature from the storm-surge model DKSS. It only asks and reads: it stores nothing, and
// every way DMI can fail (no address configured, a point outside the models, DMI down or slow,
// an answer it cannot read) comes back as a typed failure, never as a thrown error, so the job
// that calls it can keep the error and try again.
//
// A point query is `GET {url}/collections/{collection}/position?coords=POINT(lon lat)&crs=crs84
// &parameter-name=a,b&datetime=start/end&f=GeoJSON`, answered with a GeoJSON FeatureCollection
// of Point features (the model's grid point nearest the one asked), one per forecast step, each
// with `properties.step` (the step's time) and the value of every parameter asked.
import { z } from "zod";

/** HARMONIE DINI's surface fields: the wind at 10 m and the air at 2 m (kelvin). */
export const WIND_COLLECTION = "harmonie_dini_sf";
export const WIND_PARAMETERS = [
  "wind-speed-10m",
  "gust-wind-speed-10m",
  "wind-dir-10m",
  "temperature-2m",
] as const;
/** DKSS's areas that may hold the point, asked in this order: inner Danish waters, North Sea and Baltic, Limfjord. */
const WATER_COLLECTIONS = ["dkss_idw", "dkss_nsbs", "dkss_lf"] as const;
export const WATER_PARAMETER = "water-temperature";

/** HARMONIE DINI runs every 3 hours and forecasts about 60 hours from its run. */
const WIND_REACH_HOURS = 60;
/**
 * The newest run published may be a few hours old, so an empty answer for hours later than
 * this many hours ahead says the wind is not forecast yet rather than that the point is outside.
 */
const WIND_SURE_REACH_HOURS = 54;
/** DKSS forecasts about 5 days ahead. */
const WATER_REACH_HOURS = 120;

const HOUR_MS = 3_600_000;
const KELVIN = 273.15;

export interface DmiForecastConfig {
  /** The API's base address, e.g. https://opendataapi.dmi.dk/v1/forecastedr; empty: not configured. */
  url: string;
  /** Sent as the `api-key` header when set. */
  apiKey?: string;
  /** How long each request (answer and body) may take. */
  timeoutMs: number;
}

/** The adapter's configuration from the environment (server/env.ts). */
export function dmiForecastConfig(env: {
  DMI_FORECAST_URL?: string;
  DMI_FORECAST_API_KEY?: string;
  DMI_FORECAST_TIMEOUT_MS: number;
}): DmiForecastConfig {
  return {
    url: env.DMI_FORECAST_URL ?? "",
    apiKey: env.DMI_FORECAST_API_KEY,
    timeoutMs: env.DMI_FORECAST_TIMEOUT_MS,
  };
}

/** One whole hour of the event, as forecast at DMI's grid point nearest the event's point. */
export interface ForecastHour {
  /** The hour, in UTC (ISO 8601, e.g. 2026-06-13T09:00:00.000Z). */
  hour: string;
  /** Mean wind at 10 m, m/s; null when HARMONIE gave none for the hour. */
  windMs: number | null;
  /** Gusts at 10 m, m/s. */
  gustMs: number | null;
  /** Where the wind comes from, degrees clockwise from north (0–359). */
  windDirDeg: number | null;
  /** Air temperature at 2 m, °C (DMI gives kelvin). */
  airC: number | null;
  /** Sea temperature at the surface, °C; null where DKSS has no water (lakes) or no forecast yet. */
  waterC: number | null;
}

/** A collection that answered with values: the span of its forecast steps DMI returned. */
export interface CollectionAnswer {
  collection: string;
  /** DMI's grid point that answered, [lon, lat]. */
  gridPoint: [number, number];
  firstStep: string;
  lastStep: string;
}

type DmiForecastFailure =
  /** DMI_FORECAST_URL is not set; nothing was asked. */
  | "not-configured"
  /** The point lies outside the weather model's area (404 or an empty answer). */
  | "outside-grid"
  /** DMI answered 5xx or 429, or could not be reached. */
  | "upstream-unavailable"
  /** DMI refused the request (a 4xx other than 404 and 429: a key it wants, a query it rejects). */
  | "refused"
  /** No answer within DMI_FORECAST_TIMEOUT_MS. */
  | "timeout"
  /** The answer was not the JSON this adapter reads. */
  | "malformed";

export type DmiForecastResult =
  | {
      ok: true;
      /** Every whole hour from the event's start (rounded down) to its end (rounded up). */
      hours: ForecastHour[];
      /** The collections whose answers the hours come from. */
      answered: CollectionAnswer[];
      /** Some of the event's hours lie beyond HARMONIE's latest step: ask again nearer the day. */
      windNotForecastYet: boolean;
    }
  | { ok: false; failure: DmiForecastFailure; detail: string };

export interface DmiForecastRequest {
  config: DmiForecastConfig;
  /** The event's forecast point (WGS 84 degrees). */
  point: { lat: number; lon: number };
  /** The event's start and end. */
  from: Date;
  to: Date;
  /** Injected for tests; the global fetch otherwise. */
  fetch?: typeof globalThis.fetch;
  /** The time the reach of the models is counted from; now otherwise. */
  now?: Date;
}

// DMI's GeoJSON answer. Parameter values are read one by one (a value may be null where the
// model has none, e.g. DKSS on land); anything else is a malformed answer.
const featureSchema = z.object({
  type: z.literal("Feature"),
  geometry: z.object({
    type: z.literal("Point"),
    coordinates: z.tuple([z.number(), z.number()]).rest(z.number()),
  }),
  properties: z.looseObject({ step: z.iso.datetime({ offset: true }) }),
});
const featureCollectionSchema = z.object({
  type: z.literal("FeatureCollection"),
  features: z.array(featureSchema),
});
const parameterValue = z.number().nullable().optional();

type Feature = z.infer<typeof featureSchema>;
type Failure = Extract<DmiForecastResult, { ok: false }>;
type Values = Map<number, Record<string, number | null>>;
interface Series {
  answer: CollectionAnswer;
  values: Values;
  lastStepMs: number;
}
type Asked = { kind: "series"; series: Series } | { kind: "empty" } | { kind: "failed"; result: Failure };

/**
 * Asks DMI for the forecast of the event's hours at its point. HARMONIE and DKSS are asked
 * side by side; DKSS's areas one after another until one has water at the point. Only a call
 * that makes no sense (a point off the globe, an end not after the start) throws, a RangeError.
 */
export async function fetchDmiForecast(request: DmiForecastRequest): Promise<DmiForecastResult> {
  const { config, point } = request;
  if (config.url.trim() === "") return failed("not-configured", "DMI_FORECAST_URL is not set");
  const hours = eventHours(request.from, request.to);
  if (!(Math.abs(point.lat) <= 90 && Math.abs(point.lon) <= 180)) {
    throw new RangeError(`Not a point: ${point.lat}, ${point.lon}`);
  }
  const nowMs = (request.now ?? new Date()).getTime();
  const firstMs = hours[0]!;
  const lastMs = hours[hours.length - 1]!;
  const ask = (collection: string, parameters: readonly string[]) =>
    askCollection(request, collection, parameters, firstMs, lastMs);

  const windAsked = firstMs <= nowMs + WIND_REACH_HOURS * HOUR_MS;
  const waterAsked = firstMs <= nowMs + WATER_REACH_HOURS * HOUR_MS;
  const [wind, water] = await Promise.all([
    windAsked ? ask(WIND_COLLECTION, WIND_PARAMETERS) : null,
    waterAsked ? askWater(ask) : null,
  ]);
  if (wind?.kind === "failed") return wind.result;
  if (water?.kind === "failed") return water.result;

  const waterSeries = water?.kind === "series" ? water.series : null;
  let windSeries: Series | null = null;
  let windNotForecastYet: boolean;
  if (wind === null) {
    windNotForecastYet = true;
  } else if (wind.kind === "series") {
    windSeries = wind.series;
    const lastWindMs = wind.series.lastStepMs;
    windNotForecastYet = hours.some((hour) => hour > lastWindMs && !wind.series.values.has(hour));
  } else if (waterSeries !== null || lastMs > nowMs + WIND_SURE_REACH_HOURS * HOUR_MS) {
    // DKSS's areas lie within HARMONIE DINI's, so water at the point means the point is in the
    // grid and the hours are only not forecast yet; so do hours later than any run surely reaches.
    windNotForecastYet = true;
  } else {
    return failed("outside-grid", `${WIND_COLLECTION} has no forecast at POINT(${point.lon} ${point.lat})`);
  }

  return {
    ok: true,
    hours: hours.map((hour) => {
      const windValues = windSeries?.values.get(hour);
      const waterValues = waterSeries?.values.get(hour);
      const kelvin = windValues?.["temperature-2m"] ?? null;
      const direction = windValues?.["wind-dir-10m"] ?? null;
      return {
        hour: new Date(hour).toISOString(),
        windMs: tenths(windValues?.["wind-speed-10m"] ?? null),
        gustMs: tenths(windValues?.["gust-wind-speed-10m"] ?? null),
        windDirDeg: direction === null ? null : ((Math.round(direction) % 360) + 360) % 360,
        airC: kelvin === null ? null : tenths(kelvin - KELVIN),
        waterC: tenths(waterValues?.[WATER_PARAMETER] ?? null),
      };
    }),
    answered: [windSeries, waterSeries].flatMap((series) => (series ? [series.answer] : [])),
    windNotForecastYet,
  };
}

/** The whole hours of an event, from its start rounded down to its end rounded up, as epoch ms. */
function eventHours(from: Date, to: Date): number[] {
  const start = Math.floor(from.getTime() / HOUR_MS) * HOUR_MS;
  const end = Math.ceil(to.getTime() / HOUR_MS) * HOUR_MS;
  if (!Number.isFinite(start) || !Number.isFinite(end) || end <= start) {
    throw new RangeError(`Not a time range: ${from.toISOString()} to ${to.toISOString()}`);
  }
  if (end - start > 14 * 24 * HOUR_MS) throw new RangeError("A forecast covers at most 14 days");
  const hours: number[] = [];
  for (let hour = start; hour <= end; hour += HOUR_MS) hours.push(hour);
  return hours;
}

/** DKSS's areas in turn, until one answers with water at the point; "empty" if none does. */
async function askWater(
  ask: (collection: string, parameters: readonly string[]) => Promise<Asked>,
): Promise<Asked> {
  for (const collection of WATER_COLLECTIONS) {
    const asked = await ask(collection, [WATER_PARAMETER]);
    if (asked.kind !== "empty") return asked;
  }
  return { kind: "empty" };
}

/** The URL of a point query, as DMI documents it. */
export function positionUrl(
  baseUrl: string,
  collection: string,
  parameters: readonly string[],
  point: { lat: number; lon: number },
  fromMs: number,
  toMs: number,
): string {
  const query = new URLSearchParams({
    coords: `POINT(${round(point.lon, 5)} ${round(point.lat, 5)})`,
    crs: "crs84",
    "parameter-name": parameters.join(","),
    datetime: `${isoSeconds(fromMs)}/${isoSeconds(toMs)}`,
    f: "GeoJSON",
  });
  const base = baseUrl.trim().replace(/\/+$/, "");
  return `${base}/collections/${encodeURIComponent(collection)}/position?${query.toString().replaceAll("+", "%20")}`;
}

/** The request headers: the key only when one is configured. */
export function requestHeaders(config: DmiForecastConfig): Record<string, string> {
  const headers: Record<string, string> = { accept: "application/geo+json, application/json" };
  if (config.apiKey) headers["api-key"] = config.apiKey;
  return headers;
}

async function askCollection(
  request: DmiForecastRequest,
  collection: string,
  parameters: readonly string[],
  fromMs: number,
  toMs: number,
): Promise<Asked> {
  const { config } = request;
  const fetchImpl = request.fetch ?? globalThis.fetch;
  const url = positionUrl(config.url, collection, parameters, request.point, fromMs, toMs);
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve("timeout");
    }, config.timeoutMs);
  });
  const timeoutFailure = () => refusal("timeout", `${collection}: no answer within ${config.timeoutMs} ms`);
  try {
    let response: Response | "timeout";
    try {
      response = await Promise.race([
        fetchImpl(url, { headers: requestHeaders(config), signal: controller.signal }),
        timedOut,
      ]);
    } catch (error) {
      if (controller.signal.aborted) return timeoutFailure();
      return refusal("upstream-unavailable", `${collection}: ${messageOf(error)}`);
    }
    if (response === "timeout") return timeoutFailure();

    if (response.status === 404) {
      await response.body?.cancel().catch(() => undefined);
      return { kind: "empty" };
    }
    if (response.status >= 500 || response.status === 429) {
      await response.body?.cancel().catch(() => undefined);
      return refusal("upstream-unavailable", `${collection}: DMI answered ${response.status}`);
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      return refusal("refused", `${collection}: DMI answered ${response.status}`);
    }

    let text: string | "timeout";
    try {
      text = await Promise.race([response.text(), timedOut]);
    } catch (error) {
      if (controller.signal.aborted) return timeoutFailure();
      return refusal("upstream-unavailable", `${collection}: ${messageOf(error)}`);
    }
    if (text === "timeout") return timeoutFailure();
    return readAnswer(collection, parameters, text);
  } finally {
    clearTimeout(timer);
  }
}

/** Reads a GeoJSON answer into values by whole hour; "empty" when no step has a value. */
function readAnswer(collection: string, parameters: readonly string[], text: string): Asked {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return refusal("malformed", `${collection}: the answer is not JSON`);
  }
  const parsed = featureCollectionSchema.safeParse(json);
  if (!parsed.success) {
    return refusal("malformed", `${collection}: ${z.prettifyError(parsed.error).replaceAll("\n", " ")}`);
  }
  const values: Values = new Map();
  const withValues: Feature[] = [];
  for (const feature of parsed.data.features) {
    const row: Record<string, number | null> = {};
    for (const parameter of parameters) {
      const value = parameterValue.safeParse(feature.properties[parameter]);
      if (!value.success) return refusal("malformed", `${collection}: ${parameter} is not a number`);
      row[parameter] = value.data ?? null;
    }
    if (Object.values(row).every((value) => value === null)) continue;
    withValues.push(feature);
    const stepMs = Date.parse(feature.properties.step);
    // Steps between whole hours (a model with a finer step) are left out of an hourly series.
    if (stepMs % HOUR_MS === 0) values.set(stepMs, row);
  }
  if (withValues.length === 0) return { kind: "empty" };
  const steps = withValues.map((feature) => Date.parse(feature.properties.step));
  const first = withValues[0]!;
  return {
    kind: "series",
    series: {
      answer: {
        collection,
        gridPoint: [first.geometry.coordinates[0], first.geometry.coordinates[1]],
        firstStep: new Date(Math.min(...steps)).toISOString(),
        lastStep: new Date(Math.max(...steps)).toISOString(),
      },
      values,
      lastStepMs: Math.max(...steps),
    },
  };
}

function failed(failure: DmiForecastFailure, detail: string): Failure {
  return { ok: false, failure, detail };
}

/** A request's failure, which ends the whole forecast. */
function refusal(failure: DmiForecastFailure, detail: string): Asked {
  return { kind: "failed", result: failed(failure, detail) };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function tenths(value: number | null): number | null {
  return value === null ? null : round(value, 1);
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

function isoSeconds(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
}
