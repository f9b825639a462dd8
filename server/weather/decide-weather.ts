import { and, eq, inArray } from "drizzle-orm";
import { WEATHER_DECISION_SCHEMAS, type WeatherDecision } from "~/lib/forms/weather-decision-schema";
import { m } from "~/paraglide/messages";
import type { Actor } from "#server/auth/actor";
import { actorEmail, recordAudit } from "#server/audit/record-audit";
import type { Database } from "#server/db/client";
import { returnedRow, type EventRow } from "#server/db/rows";
import { events, partners, teamRegistrations, weatherDecisions } from "#server/db/schema";
import type { MailQueue } from "#server/email/enqueue-email";
import { AppError, parseInput } from "#server/errors";
import { cancelEvent } from "#server/events/cancel-event";
import { loadManagedEvent } from "#server/events/managed-event";
import { enqueueEmails } from "#server/registrations/emails";
import { decisionForecast, decisionForecastSummary } from "./decision-forecast";
import { moveEventToBackup } from "./move-event-to-backup";
import type { WeatherDecisionRow } from "./queries";
import { rowerCancelledMail, teamRecipients } from "./weather-emails";

const refused = (message: string) => new AppError("invalid_transition", message);

/**
 * The partner's call on the weather (ADR 038), by its members or an admin, while the
 * event is published and has not started: "go" is recorded; "move" moves it to its
 * approved backup date (`moveEventToBackup`); "cancel" calls it off with the reason
 * (`cancelEvent`: every place credited and refunded in full) and mails its rowers too.
 * Each writes a decision row, which the event pages show, and an audit row, both naming
 * the forecast it was taken on (`decisionForecast`) or that there was none. Another
 * partner's event is "not found" and nothing changes.
 */
export async function decideWeather(
  { db, jobs, baseUrl }: { db: Database; jobs: MailQueue; baseUrl: string },
  {
    actor,
    eventId,
    decision,
    input,
    now = new Date(),
  }: { actor: Actor; eventId: unknown; decision: WeatherDecision; input: unknown; now?: Date },
): Promise<{ event: EventRow; decision: WeatherDecisionRow }> {
  const parsed = parseInput(WEATHER_DECISION_SCHEMAS[decision], input);
  const note = "reason" in parsed ? parsed.reason : parsed.note;
  return db.transaction(async (tx) => {
    const event = await loadManagedEvent(tx, actor, eventId, { forUpdate: true });
    if (event.status === "cancelled") throw refused(m.err_event_stopped_cancelled());
    if (event.startsAt <= now) throw refused(m.err_event_stopped_started());
    if (event.status !== "published") throw refused(m.err_weather_not_published());

    // Read before a move deletes the event's forecasts: the decision names what it was taken on.
    const forecast = await decisionForecast(tx, event);
    let after = event;
    if (decision === "go") {
      // The public page shows the latest decision and is cached until its event row changes.
      await tx.update(events).set({ updatedAt: now }).where(eq(events.id, event.id));
    } else if (decision === "move") {
      after = await moveEventToBackup(tx, { jobs, baseUrl }, { actor, event, now });
    } else if (decision === "cancel") {
      // The bookings cancelEvent calls off, read first: their rowers hear of it here.
      const called = await tx
        .select()
        .from(teamRegistrations)
        .where(
          and(
            eq(teamRegistrations.eventId, event.id),
            inArray(teamRegistrations.status, ["confirmed", "held", "waitlisted"]),
          ),
        );
      after = await cancelEvent({ db: tx, jobs, baseUrl }, { actor, eventId: event.id, input, now });
      const [partner] = await tx
        .select({ name: partners.name })
        .from(partners)
        .where(eq(partners.id, event.partnerId));
      const context = { organizerName: partner?.name ?? "", reason: note, baseUrl };
      const rowers = (await teamRecipients(tx, called)).filter((recipient) => recipient.rower);
      await enqueueEmails(
        jobs,
        tx,
        rowers.map((rower) => rowerCancelledMail(rower, after, context)),
      );
    }

    const row = await tx
      .insert(weatherDecisions)
      .values({
        eventId: event.id,
        decision,
        note,
        fromStartsAt: event.startsAt,
        toStartsAt: decision === "move" ? after.startsAt : null,
        decidedBy: actor.userId,
        decidedEmail: actorEmail(actor),
        decidedAt: now,
        forecast,
      })
      .returning()
      .then(returnedRow);
    await recordAudit(tx, actor, {
      action: "event.weather_decision",
      entityId: event.id,
      partnerId: event.partnerId,
      summary: `Weather decision for ${event.title}: ${decision}${note ? `: ${note}` : ""}, on ${decisionForecastSummary(forecast)}`,
      changes: {
        decision: { before: null, after: decision },
        note: { before: null, after: note },
        forecast: { before: null, after: decisionForecastSummary(forecast) },
      },
    });
    return { event: after, decision: row };
  });
}
