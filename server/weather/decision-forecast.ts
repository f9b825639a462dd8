import { and, desc, eq, isNotNull } from "drizzle-orm";
import type { Database } from "#server/db/client";
import type { EventRow } from "#server/db/rows";
import { eventForecasts, type DecisionForecast, type LimitMark } from "#server/db/schema";
import { decimalOf } from "./save-weather-limits";
import { judgeFigures } from "./weather-board";

/** The highest (or lowest) of the hours' figures, skipping hours without one. */
function extreme(values: (number | null)[], pick: (...numbers: number[]) => number): number | null {
  const known = values.filter((value): value is number => value !== null);
  return known.length === 0 ? null : pick(...known);
}

/**
 * The forecast a weather decision is taken on (ADR 038), as the partner saw it: the newest
 * good forecast of the event, whatever its checkpoint, like the board's "latest", read in
 * the decision's transaction before a move deletes it. Its figures are the worst of the
 * event's hours, judged against the event's limits as they are now; null when no good
 * forecast has been fetched (none configured, no point, or every try failed).
 */
export async function decisionForecast(
  tx: Database,
  event: Pick<EventRow, "id" | "maxWindMs" | "maxGustMs" | "minWaterC">,
): Promise<DecisionForecast | null> {
  const [latest] = await tx
    .select()
    .from(eventForecasts)
    .where(
      and(
        eq(eventForecasts.eventId, event.id),
        eq(eventForecasts.ok, true),
        isNotNull(eventForecasts.series),
      ),
    )
    .orderBy(desc(eventForecasts.fetchedAt), desc(eventForecasts.id))
    .limit(1);
  if (!latest?.series) return null;
  const { hours } = latest.series;
  const figures = {
    windMs: extreme(
      hours.map((hour) => hour.windMs),
      Math.max,
    ),
    gustMs: extreme(
      hours.map((hour) => hour.gustMs),
      Math.max,
    ),
    waterC: extreme(
      hours.map((hour) => hour.waterC),
      Math.min,
    ),
  };
  const limits = {
    maxWindMs: decimalOf(event.maxWindMs),
    maxGustMs: decimalOf(event.maxGustMs),
    minWaterC: decimalOf(event.minWaterC),
  };
  const { winter, ...marks } = judgeFigures(figures, limits);
  const all: LimitMark[] = [marks.wind, marks.gust, marks.water];
  return {
    forecastId: latest.id,
    checkpoint: latest.checkpoint,
    fetchedAt: latest.fetchedAt.toISOString(),
    ...figures,
    limits,
    marks,
    verdict: all.includes("outside")
      ? "outside"
      : all.every((mark) => mark === "within")
        ? "within"
        : "unknown",
    winter,
  };
}

/** The forecast in one line of English for the audit log, which is written in English. */
export function decisionForecastSummary(forecast: DecisionForecast | null): string {
  if (!forecast) return "no forecast";
  const figure = (value: number | null, unit: string) => (value === null ? "none" : `${value} ${unit}`);
  return (
    `forecast ${forecast.forecastId} (${forecast.checkpoint}, fetched ${forecast.fetchedAt}): ` +
    `wind ${figure(forecast.windMs, "m/s")}, gusts ${figure(forecast.gustMs, "m/s")}, ` +
    `water ${figure(forecast.waterC, "°C")}: ${forecast.verdict}`
  );
}
