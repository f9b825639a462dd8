import { and, desc, eq, ne } from "drizzle-orm";
import { isUuid } from "~/lib/ids";
import type { Actor } from "#server/auth/actor";
import { managedEventsScope } from "#server/auth/policies";
import type { Database } from "#server/db/client";
import { eventForecasts, events, partners, type ForecastSeries, type LimitMark } from "#server/db/schema";
import type { ForecastHour } from "./dmi-forecast";
import {
  CHECKPOINTS,
  currentCheckpoint,
  type ForecastSource,
  forecastConfigured,
  type ScheduledCheckpoint,
} from "./fetch-forecasts";
import { MANUAL_FETCHES_PER_HOUR } from "./fetch-forecast-now";
import { decimalOf } from "./save-weather-limits";

/** Below this water temperature DFfR's winter rules apply, whatever the club's own limit. */
const WINTER_WATER_C = 10;
const HOUR_MS = 3_600_000;

/** An hour's figure against its limit: unknown when either is missing. */
export type Mark = LimitMark;

export type JudgedHour = ForecastHour & {
  wind: Mark;
  gust: Mark;
  water: Mark;
  /** The water is under 10 °C: winter rules. */
  winter: boolean;
};

/** The club's limits as tenths, the way the adapter rounds DMI's figures. */
type Limits = { maxWindMs: string | null; maxGustMs: string | null; minWaterC: string | null };

const tenths = (value: string | number) => Math.round(Number(value) * 10);

function atMost(value: number | null, limit: string | null): Mark {
  if (value === null || limit === null) return "unknown";
  return tenths(value) <= tenths(limit) ? "within" : "outside";
}

/**
 * Wind, gusts and water against the club's limits, compared in exact tenths (equal to a
 * limit is within), and whether the water is under 10 °C: for each hour on the board, and
 * for the worst of the hours a decision is taken on.
 */
export function judgeFigures(
  figures: { windMs: number | null; gustMs: number | null; waterC: number | null },
  limits: Limits,
): { wind: Mark; gust: Mark; water: Mark; winter: boolean } {
  const water: Mark =
    figures.waterC === null || limits.minWaterC === null
      ? "unknown"
      : tenths(figures.waterC) >= tenths(limits.minWaterC)
        ? "within"
        : "outside";
  return {
    wind: atMost(figures.windMs, limits.maxWindMs),
    gust: atMost(figures.gustMs, limits.maxGustMs),
    water,
    winter: figures.waterC !== null && tenths(figures.waterC) < WINTER_WATER_C * 10,
  };
}

const judgeHour = (hour: ForecastHour, limits: Limits): JudgedHour => ({
  ...hour,
  ...judgeFigures(hour, limits),
});

/** A stored failure's kind (`timeout: …` is "timeout"), for the board's own words. */
const failureOf = (error: string | null) => (error ?? "").split(":", 1)[0] ?? "";

/**
 * The weather board of an event (ADR 038), from the database alone: no page waits on DMI.
 * For a member of the event's partner or an admin; null for another partner's event or an
 * unknown id. It gives the limits and the point as saved, the forecasts to show (each good
 * scheduled checkpoint and the newest good one fetched by hand, newest first) with every
 * hour judged against the limits, the newest good fetch and a failed try made after it,
 * each checkpoint's state, and how many fetches by hand are left this hour.
 */
export async function getWeatherBoard(
  db: Database,
  actor: Actor,
  { eventId, forecast, now = new Date() }: { eventId: string; forecast: ForecastSource; now?: Date },
) {
  if (!isUuid(eventId)) return null;
  const [event] = await db
    .select({
      id: events.id,
      title: events.title,
      status: events.status,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      location: events.location,
      maxWindMs: events.maxWindMs,
      maxGustMs: events.maxGustMs,
      minWaterC: events.minWaterC,
      forecastLat: events.forecastLat,
      forecastLon: events.forecastLon,
      partnerLat: partners.forecastLat,
      partnerLon: partners.forecastLon,
    })
    .from(events)
    .innerJoin(partners, eq(partners.id, events.partnerId))
    .where(and(eq(events.id, eventId), managedEventsScope(actor)));
  if (!event) return null;

  // The scheduled three, and enough manual ones for the newest good one and the hour's count.
  const newestFirst = [desc(eventForecasts.fetchedAt), desc(eventForecasts.id)] as const;
  const scheduled = await db
    .select()
    .from(eventForecasts)
    .where(and(eq(eventForecasts.eventId, event.id), ne(eventForecasts.checkpoint, "manual")))
    .orderBy(...newestFirst);
  const manual = await db
    .select()
    .from(eventForecasts)
    .where(and(eq(eventForecasts.eventId, event.id), eq(eventForecasts.checkpoint, "manual")))
    .orderBy(...newestFirst)
    .limit(MANUAL_FETCHES_PER_HOUR * 3);
  const rows = [...scheduled, ...manual].sort(
    (a, b) => b.fetchedAt.getTime() - a.fetchedAt.getTime() || b.id.localeCompare(a.id),
  );
  const limits = {
    maxWindMs: decimalOf(event.maxWindMs),
    maxGustMs: decimalOf(event.maxGustMs),
    minWaterC: decimalOf(event.minWaterC),
  };
  const point = {
    event:
      event.forecastLat === null
        ? null
        : { lat: decimalOf(event.forecastLat)!, lon: decimalOf(event.forecastLon)! },
    partner:
      event.partnerLat === null
        ? null
        : { lat: decimalOf(event.partnerLat)!, lon: decimalOf(event.partnerLon)! },
  };

  const newestManual = rows.find((row) => row.checkpoint === "manual" && row.ok);
  const shown = rows
    .filter((row) => row.ok && row.series !== null && (row.checkpoint !== "manual" || row === newestManual))
    .map((row) => {
      const series = row.series as ForecastSeries;
      return {
        id: row.id,
        checkpoint: row.checkpoint,
        fetchedAt: row.fetchedAt,
        modelRuns: row.modelRuns,
        windNotForecastYet: series.windNotForecastYet,
        hours: series.hours.map((hour) => judgeHour(hour, limits)),
      };
    });
  const latestGood = rows.find((row) => row.ok) ?? null;
  const latestTry = rows[0] ?? null;
  const lastFailure =
    latestTry && !latestTry.ok
      ? { fetchedAt: latestTry.fetchedAt, failure: failureOf(latestTry.error) }
      : null;

  const current = currentCheckpoint(event.startsAt, now);
  const currentIndex = CHECKPOINTS.findIndex(({ checkpoint }) => checkpoint === current);
  const checkpoints = CHECKPOINTS.map(({ checkpoint, hours }, index) => {
    const dueAt = new Date(event.startsAt.getTime() - hours * HOUR_MS);
    const row = rows.find((candidate) => candidate.checkpoint === checkpoint);
    // A passed checkpoint without a row is due while it is the current one; an earlier one
    // is skipped for good, as the job fetches only the current checkpoint.
    const state: "fetched" | "failed" | "due" | "skipped" | "later" = row
      ? row.ok
        ? "fetched"
        : "failed"
      : dueAt > now
        ? "later"
        : index === currentIndex
          ? "due"
          : "skipped";
    return {
      checkpoint: checkpoint as ScheduledCheckpoint,
      dueAt,
      state,
      failedAt: row && !row.ok ? row.fetchedAt : null,
      failure: row && !row.ok ? failureOf(row.error) : null,
    };
  });
  const manualThisHour = rows.filter(
    (row) => row.checkpoint === "manual" && row.fetchedAt > new Date(now.getTime() - HOUR_MS),
  ).length;

  return {
    event: {
      id: event.id,
      title: event.title,
      status: event.status,
      startsAt: event.startsAt,
      endsAt: event.endsAt,
      location: event.location,
    },
    limits,
    point,
    configured: forecastConfigured(forecast),
    forecasts: shown,
    latestGood: latestGood ? { fetchedAt: latestGood.fetchedAt } : null,
    lastFailure,
    checkpoints,
    fetchesLeft: Math.max(0, MANUAL_FETCHES_PER_HOUR - manualThisHour),
    upcoming: event.status === "published" && event.endsAt > now,
  };
}

export type WeatherBoard = NonNullable<Awaited<ReturnType<typeof getWeatherBoard>>>;
