import { desc, eq } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { weatherDecisions } from "#server/db/schema";

export type WeatherDecisionRow = typeof weatherDecisions.$inferSelect;

/** The event's latest weather decision, as its pages show it, or null. */
export async function latestWeatherDecision(
  db: Database,
  eventId: string,
): Promise<Pick<WeatherDecisionRow, "decision" | "fromStartsAt" | "toStartsAt" | "forecast"> | null> {
  const [latest] = await db
    .select({
      decision: weatherDecisions.decision,
      fromStartsAt: weatherDecisions.fromStartsAt,
      toStartsAt: weatherDecisions.toStartsAt,
      forecast: weatherDecisions.forecast,
    })
    .from(weatherDecisions)
    .where(eq(weatherDecisions.eventId, eventId))
    .orderBy(desc(weatherDecisions.decidedAt), desc(weatherDecisions.id))
    .limit(1);
  return latest ?? null;
}

/** The event's weather decisions, newest first, for its pages. */
export async function weatherDecisionsOf(db: Database, eventId: string): Promise<WeatherDecisionRow[]> {
  return db
    .select()
    .from(weatherDecisions)
    .where(eq(weatherDecisions.eventId, eventId))
    .orderBy(desc(weatherDecisions.decidedAt), desc(weatherDecisions.id));
}
