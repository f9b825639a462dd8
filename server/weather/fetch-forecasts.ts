import { and, asc, eq, gt, inArray, isNotNull, lte, sql } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { eventForecasts, events, partners } from "#server/db/schema";
import { type DmiForecastConfig, type DmiForecastResult, fetchDmiForecast } from "./dmi-forecast";

const HOUR_MS = 3_600_000;
/** The adapter answers for at most 14 days; an event longer than that is forecast for its first 14. */
const LONGEST_FORECAST_MS = 14 * 24 * HOUR_MS;
/** Events forecast in one run; the next hour's run takes the rest. */
const EVENTS_PER_RUN = 100;

/** The scheduled checkpoints, hours before the start, nearest last. */
export const CHECKPOINTS = [
  { checkpoint: "72h", hours: 72 },
  { checkpoint: "48h", hours: 48 },
  { checkpoint: "24h", hours: 24 },
] as const;
export type ScheduledCheckpoint = (typeof CHECKPOINTS)[number]["checkpoint"];

/** How the job and "Fetch now" reach DMI: the adapter's configuration, and a fetch for tests. */
export type ForecastSource = { config: DmiForecastConfig; fetch?: typeof globalThis.fetch };

/** Whether DMI_FORECAST_URL is set: without it nothing is fetched and the board says to decide by hand. */
export const forecastConfigured = (source: ForecastSource) => source.config.url.trim() !== "";

/**
 * The checkpoint an event is at `now`: the nearest of 72, 48 and 24 hours before its start
 * that has passed, or null before the first and once the event has started. A checkpoint
 * missed (an event published 30 hours before) is not fetched late: the one after it is
 * newer and says more.
 */
export function currentCheckpoint(startsAt: Date, now: Date): ScheduledCheckpoint | null {
  const hoursLeft = (startsAt.getTime() - now.getTime()) / HOUR_MS;
  if (hoursLeft <= 0) return null;
  let current: ScheduledCheckpoint | null = null;
  for (const { checkpoint, hours } of CHECKPOINTS) if (hoursLeft <= hours) current = checkpoint;
  return current;
}

/** An event's forecast point: its own, else its partner's (both columns null together). */
export const forecastPoint = {
  lat: sql<string | null>`coalesce(${events.forecastLat}, ${partners.forecastLat})`,
  lon: sql<string | null>`coalesce(${events.forecastLon}, ${partners.forecastLon})`,
};

/** Asks DMI for the event's hours at its point; a typed failure, never a throw. */
export async function askForecast(
  source: ForecastSource,
  event: { startsAt: Date; endsAt: Date; lat: string; lon: string },
  now: Date,
): Promise<DmiForecastResult> {
  const to = new Date(Math.min(event.endsAt.getTime(), event.startsAt.getTime() + LONGEST_FORECAST_MS));
  return fetchDmiForecast({
    config: source.config,
    point: { lat: Number(event.lat), lon: Number(event.lon) },
    from: event.startsAt,
    to,
    fetch: source.fetch,
    now,
  });
}

/** The stored row of an answer: its hours and models, or its failure as `kind: detail`. */
export function forecastValues(result: DmiForecastResult, fetchedAt: Date) {
  return result.ok
    ? {
        fetchedAt,
        ok: true,
        error: null,
        modelRuns: result.answered,
        series: { hours: result.hours, windNotForecastYet: result.windNotForecastYet },
      }
    : { fetchedAt, ok: false, error: `${result.failure}: ${result.detail}`, modelRuns: [], series: null };
}

/**
 * The hourly `fetch-forecasts` job (ADR 038): for every published event with a forecast
 * point whose 72-, 48- or 24-hour checkpoint has passed and has no good forecast yet, asks
 * DMI and stores the answer under that checkpoint. A failure is stored with its error and
 * tried again the next hour, replacing it, until one succeeds; a good row is never
 * replaced, so a second run or worker writes nothing twice. Without DMI_FORECAST_URL it
 * does nothing. Returns how many forecasts it stored and how many of those failed.
 */
export async function fetchForecasts(
  { db, forecast }: { db: Database; forecast: ForecastSource },
  now = new Date(),
): Promise<{ stored: number; failed: number }> {
  const done = { stored: 0, failed: 0 };
  if (!forecastConfigured(forecast)) return done;
  const candidates = await db
    .select({ id: events.id, startsAt: events.startsAt, endsAt: events.endsAt, ...forecastPoint })
    .from(events)
    .innerJoin(partners, eq(partners.id, events.partnerId))
    .where(
      and(
        eq(events.status, "published"),
        gt(events.startsAt, now),
        lte(events.startsAt, new Date(now.getTime() + CHECKPOINTS[0].hours * HOUR_MS)),
        isNotNull(forecastPoint.lat),
      ),
    )
    .orderBy(asc(events.startsAt), asc(events.id));
  const due = candidates.flatMap((event) => {
    const checkpoint = currentCheckpoint(event.startsAt, now);
    return checkpoint && event.lat !== null && event.lon !== null
      ? [{ ...event, lat: event.lat, lon: event.lon, checkpoint }]
      : [];
  });
  if (due.length === 0) return done;
  const good = await db
    .select({ eventId: eventForecasts.eventId, checkpoint: eventForecasts.checkpoint })
    .from(eventForecasts)
    .where(
      and(
        inArray(
          eventForecasts.eventId,
          due.map((event) => event.id),
        ),
        eq(eventForecasts.ok, true),
      ),
    );
  const fetched = new Set(good.map((row) => `${row.eventId} ${row.checkpoint}`));

  for (const event of due
    .filter((event) => !fetched.has(`${event.id} ${event.checkpoint}`))
    .slice(0, EVENTS_PER_RUN)) {
    const result = await askForecast(forecast, event, now);
    const values = forecastValues(result, now);
    const stored = await db
      .insert(eventForecasts)
      .values({ eventId: event.id, checkpoint: event.checkpoint, ...values })
      .onConflictDoUpdate({
        target: [eventForecasts.eventId, eventForecasts.checkpoint],
        targetWhere: sql`${eventForecasts.checkpoint} <> 'manual'`,
        set: values,
        // Only a failed try is replaced: a good forecast stored meanwhile by another run stays.
        setWhere: sql`${eventForecasts.ok} = false`,
      })
      .returning({ id: eventForecasts.id });
    if (stored.length === 0) continue;
    done.stored += 1;
    if (!result.ok) done.failed += 1;
  }
  return done;
}
