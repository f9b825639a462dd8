import { and, asc, eq, gt } from "drizzle-orm";
import { isUuid } from "~/lib/ids";
import type { Actor } from "#server/auth/actor";
import { managedEventsScope } from "#server/auth/policies";
import { recordAudit } from "#server/audit/record-audit";
import type { Database } from "#server/db/client";
import { eventForecasts, events, partners } from "#server/db/schema";
import { AppError } from "#server/errors";
import { eventNotFound } from "#server/events/managed-event";
import { m } from "~/paraglide/messages";
import {
  askForecast,
  type ForecastSource,
  forecastConfigured,
  forecastPoint,
  forecastValues,
} from "./fetch-forecasts";

/** Forecasts fetched by hand per event in an hour: enough to follow a front, not to hammer DMI. */
export const MANUAL_FETCHES_PER_HOUR = 6;
const HOUR_MS = 3_600_000;

/**
 * "Fetch now" on the weather board (ADR 038): asks DMI for the event's forecast at once and
 * stores it as a 'manual' row, failed or not, for a member of the event's partner or an
 * admin. At most six an hour per event (`rate_limited`, with when to try again). The
 * request to DMI is made outside any transaction, with the adapter's timeout, so no lock is
 * held while DMI answers; the limit is counted again under the event's lock before the row
 * is written, so two presses at once cannot pass it together.
 */
export async function fetchForecastNow(
  { db, forecast }: { db: Database; forecast: ForecastSource },
  { actor, eventId, now = new Date() }: { actor: Actor; eventId: string; now?: Date },
) {
  if (!isUuid(eventId)) throw eventNotFound();
  const [event] = await db
    .select({
      id: events.id,
      partnerId: events.partnerId,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      ...forecastPoint,
    })
    .from(events)
    .innerJoin(partners, eq(partners.id, events.partnerId))
    .where(and(eq(events.id, eventId), managedEventsScope(actor)));
  if (!event) throw eventNotFound();
  if (!forecastConfigured(forecast)) {
    throw new AppError("conflict", m.weather_not_configured(), { reason: "not_configured" });
  }
  if (event.lat === null || event.lon === null) {
    throw new AppError("conflict", m.weather_no_point(), { reason: "no_point" });
  }
  if (event.endsAt <= now)
    throw new AppError("invalid_transition", m.weather_event_ended(), { reason: "ended" });
  await assertUnderLimit(db, event.id, now);

  const result = await askForecast(forecast, { ...event, lat: event.lat, lon: event.lon }, now);
  return db.transaction(async (tx) => {
    await tx.select({ id: events.id }).from(events).where(eq(events.id, event.id)).for("no key update");
    await assertUnderLimit(tx, event.id, now);
    const [row] = await tx
      .insert(eventForecasts)
      .values({ eventId: event.id, checkpoint: "manual", ...forecastValues(result, now) })
      .returning({ id: eventForecasts.id, ok: eventForecasts.ok });
    await recordAudit(tx, actor, {
      action: "event.fetch_forecast",
      entityId: event.id,
      partnerId: event.partnerId,
      summary: result.ok ? "ok" : result.failure,
    });
    return row!;
  });
}

/** Refuses a seventh manual fetch within the hour, saying when the oldest one leaves the hour. */
async function assertUnderLimit(db: Database, eventId: string, now: Date) {
  const recent = await db
    .select({ fetchedAt: eventForecasts.fetchedAt })
    .from(eventForecasts)
    .where(
      and(
        eq(eventForecasts.eventId, eventId),
        eq(eventForecasts.checkpoint, "manual"),
        gt(eventForecasts.fetchedAt, new Date(now.getTime() - HOUR_MS)),
      ),
    )
    .orderBy(asc(eventForecasts.fetchedAt));
  if (recent.length < MANUAL_FETCHES_PER_HOUR) return;
  const oldest = recent[recent.length - MANUAL_FETCHES_PER_HOUR]!.fetchedAt;
  const retryAfterSeconds = Math.max(1, Math.ceil((oldest.getTime() + HOUR_MS - now.getTime()) / 1000));
  throw new AppError(
    "rate_limited",
    m.weather_fetch_limit({ count: MANUAL_FETCHES_PER_HOUR, minutes: Math.ceil(retryAfterSeconds / 60) }),
    { retryAfterSeconds },
  );
}
