import { and, eq, sql } from "drizzle-orm";
import { weatherLimitsSchema } from "~/lib/forms/weather-limits-schema";
import { isUuid } from "~/lib/ids";
import type { Actor } from "#server/auth/actor";
import { managedEventsScope } from "#server/auth/policies";
import { changedFields, recordAudit } from "#server/audit/record-audit";
import type { Database } from "#server/db/client";
import { events, partners } from "#server/db/schema";
import { parseInput } from "#server/errors";
import { eventNotFound } from "#server/events/managed-event";

/**
 * Saves the club's weather limits and the forecast point of an event (ADR 038), for a member
 * of the event's partner or an admin, with an audit row `event.weather_limits`. Not a
 * reviewed field: the limits are the club's own rule for going out, not a promise to the
 * teams, so they change at once and do not raise the event's version (an admin reviewing a
 * change of the event is not made to look again). With `partnerDefault` the point becomes
 * the partner's too, for its events that name none.
 */
export async function saveWeatherLimits(
  { db }: { db: Database },
  { actor, eventId, input }: { actor: Actor; eventId: string; input: unknown },
) {
  if (!isUuid(eventId)) throw eventNotFound();
  return db.transaction(async (tx) => {
    const [event] = await tx
      .select({
        id: events.id,
        partnerId: events.partnerId,
        maxWindMs: events.maxWindMs,
        maxGustMs: events.maxGustMs,
        minWaterC: events.minWaterC,
        forecastLat: events.forecastLat,
        forecastLon: events.forecastLon,
      })
      .from(events)
      .where(and(eq(events.id, eventId), managedEventsScope(actor)))
      .for("no key update");
    if (!event) throw eventNotFound();
    // Checked after the event is found, so another partner's id is "not found" whatever was sent.
    const { partnerDefault, ...limits } = parseInput(weatherLimitsSchema, input);

    await tx
      .update(events)
      .set({ ...limits, updatedAt: sql`now()` })
      .where(eq(events.id, event.id));
    const changes = changedFields(decimalsOf(event), limits);
    if (partnerDefault) {
      const [before] = await tx
        .select({ lat: partners.forecastLat, lon: partners.forecastLon })
        .from(partners)
        .where(eq(partners.id, event.partnerId))
        .for("no key update");
      await tx
        .update(partners)
        .set({ forecastLat: limits.forecastLat, forecastLon: limits.forecastLon, updatedAt: sql`now()` })
        .where(eq(partners.id, event.partnerId));
      const point = (lat: string | null, lon: string | null) => (lat === null ? null : `${lat}, ${lon}`);
      const beforePoint = point(decimalOf(before?.lat ?? null), decimalOf(before?.lon ?? null));
      const afterPoint = point(limits.forecastLat, limits.forecastLon);
      if (beforePoint !== afterPoint)
        changes.partnerForecastPoint = { before: beforePoint, after: afterPoint };
    }
    await recordAudit(tx, actor, {
      action: "event.weather_limits",
      entityId: event.id,
      partnerId: event.partnerId,
      changes,
    });
    return { changed: Object.keys(changes).length > 0 };
  });
}

/** A numeric column's text as the form writes it ("8.0" from the database is "8"). */
export function decimalOf(value: string | null): string | null {
  return value === null ? null : String(Number(value));
}

function decimalsOf<Row extends Record<string, unknown>>(row: Row): Record<string, string | null> {
  return Object.fromEntries(
    Object.entries(row)
      .filter(([key]) => key !== "id" && key !== "partnerId")
      .map(([key, value]) => [key, decimalOf(typeof value === "string" ? value : null)]),
  );
}
