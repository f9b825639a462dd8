import { and, eq, inArray, sql } from "drizzle-orm";
import type { Actor } from "#server/auth/actor";
import { recordAudit } from "#server/audit/record-audit";
import type { Database } from "#server/db/client";
import type { EventRow } from "#server/db/rows";
import { eventForecasts, eventRevisions, partners, rowerSeats, teamRegistrations } from "#server/db/schema";
import type { MailQueue } from "#server/email/enqueue-email";
import { AppError } from "#server/errors";
import { enqueueEmails } from "#server/registrations/emails";
import { writeEvent } from "#server/events/managed-event";
import { m } from "~/paraglide/messages";
import { movedMail, teamRecipients } from "./weather-emails";

/**
 * Moves an event the transaction holds locked to its backup date (ADR 038): only an
 * approved one, on the event's row (a backup date still waiting in a revision is not a
 * promise yet), and only one still ahead. The start and end become the backup's and the
 * backup is cleared; the database raises the calendar sequence. Every booking holding or
 * waiting for a place keeps it, its seats and answers, and is marked moved, so cancelling
 * it before the new start refunds all of it. Everyone with an address hears in their
 * language, with a calendar file that replaces the old entry.
 */
export async function moveEventToBackup(
  tx: Database,
  { jobs, baseUrl }: { jobs: MailQueue; baseUrl: string },
  { actor, event, now }: { actor: Actor; event: EventRow; now: Date },
): Promise<EventRow> {
  const { backupStartsAt, backupEndsAt } = event;
  if (!backupStartsAt || !backupEndsAt) throw new AppError("invalid_transition", m.err_weather_no_backup());
  if (backupStartsAt <= now) throw new AppError("invalid_transition", m.err_weather_backup_past());
  await moveRevisionAlong(tx, event, { startsAt: backupStartsAt, endsAt: backupEndsAt });
  const after = await writeEvent(tx, event.id, {
    startsAt: backupStartsAt,
    endsAt: backupEndsAt,
    backupStartsAt: null,
    backupEndsAt: null,
    updatedAt: now,
  });
  const moved = await tx
    .update(teamRegistrations)
    // The reminders were for the called-off date; the new date's go out in their turn.
    .set({ movedByWeatherAt: now, rosterReminderSentAt: null, arrivalInfoSentAt: null, updatedAt: now })
    .where(
      and(
        eq(teamRegistrations.eventId, event.id),
        inArray(teamRegistrations.status, ["confirmed", "held", "waitlisted"]),
      ),
    )
    .returning();
  await tx
    .update(rowerSeats)
    .set({ reminded7dAt: null, reminded2dAt: null })
    .where(eq(rowerSeats.eventId, event.id));
  // The forecasts were of the called-off day's hours: the board and the job start afresh.
  await tx.delete(eventForecasts).where(eq(eventForecasts.eventId, event.id));
  const [partner] = await tx
    .select({ name: partners.name })
    .from(partners)
    .where(eq(partners.id, event.partnerId));
  const context = { organizerName: partner?.name ?? "", baseUrl };
  const recipients = await teamRecipients(tx, moved);
  await enqueueEmails(
    jobs,
    tx,
    recipients.map((recipient) => movedMail(recipient, event, after, context)),
  );
  await recordAudit(tx, actor, {
    action: "event.move_to_backup",
    entityId: event.id,
    partnerId: event.partnerId,
    summary: `Moved ${event.title} to its backup date (${moved.length} bookings kept)`,
    changes: {
      startsAt: { before: event.startsAt.toISOString(), after: after.startsAt.toISOString() },
      endsAt: { before: event.endsAt.toISOString(), after: after.endsAt.toISOString() },
    },
  });
  return after;
}

const sameMoment = (stored: string | null | undefined, moment: Date | null) =>
  (stored ?? null) === null
    ? moment === null
    : moment !== null && new Date(stored!).getTime() === moment.getTime();

/**
 * A revision waiting for review holds every reviewed field, the dates too (ADR 013):
 * approved after the move, it would put back the called-off date. One that leaves the
 * dates as they were is moved along with the event; one that proposes other dates is the
 * admin's to decide first, so the move is refused.
 */
async function moveRevisionAlong(
  tx: Database,
  event: EventRow,
  to: { startsAt: Date; endsAt: Date },
): Promise<void> {
  const [revision] = await tx
    .select({ values: eventRevisions.values })
    .from(eventRevisions)
    .where(eq(eventRevisions.eventId, event.id))
    .for("update");
  if (!revision) return;
  const values = revision.values;
  const unchanged =
    sameMoment(values.startsAt, event.startsAt) &&
    sameMoment(values.endsAt, event.endsAt) &&
    sameMoment(values.backupStartsAt, event.backupStartsAt) &&
    sameMoment(values.backupEndsAt, event.backupEndsAt);
  if (!unchanged) throw new AppError("invalid_transition", m.err_weather_dates_pending());
  await tx
    .update(eventRevisions)
    .set({
      values: {
        ...values,
        startsAt: to.startsAt.toISOString(),
        endsAt: to.endsAt.toISOString(),
        backupStartsAt: null,
        backupEndsAt: null,
      },
      updatedAt: sql`now()`,
    })
    .where(eq(eventRevisions.eventId, event.id));
}
