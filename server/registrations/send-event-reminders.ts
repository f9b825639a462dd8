import { and, eq, gt, inArray, isNull, lte, sql, type SQL } from "drizzle-orm";
import type { Database } from "#server/db/client";
import type { Transaction } from "#server/db/rows";
import { events, partnerBillingProfiles, partners, teamRegistrations, users } from "#server/db/schema";
import { sellerProfileJoin, sellerVatStatus } from "#server/events/queries";
import type { MailQueue } from "#server/email/enqueue-email";
import type { MailDraft } from "#server/email/templates";
import { arrivalInfoMail, enqueueEmails, rosterReminderMail, type Booking } from "./emails";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows marked and mailed per transaction, so a large backlog does not make one huge one. */
const BATCH = 200;

export type ReminderServices = { db: Database; jobs: MailQueue; baseUrl: string };

type Reminder = {
  /** The column that records the reminder, and the change that sets it. */
  column: typeof teamRegistrations.rosterReminderSentAt | typeof teamRegistrations.arrivalInfoSentAt;
  mark(now: Date): Partial<typeof teamRegistrations.$inferInsert>;
  /** Which confirmed bookings are due, given the time now. */
  due(now: Date): SQL | undefined;
  mail(booking: Booking, services: ReminderServices): MailDraft;
};

const REMINDERS = {
  /**
   * 7 days before, to captains whose roster is not full. Only while the roster can still
   * be changed (before the deadline), and not for a team booked in the last day, which
   * has only just been told how to name its rowers.
   */
  roster: {
    column: teamRegistrations.rosterReminderSentAt,
    mark: (now) => ({ rosterReminderSentAt: now }),
    due: (now) =>
      and(
        lte(events.startsAt, new Date(now.getTime() + 7 * DAY_MS)),
        gt(events.registrationDeadline, now),
        sql`jsonb_array_length(${teamRegistrations.roster}) < ${events.teamSize}`,
        lte(teamRegistrations.createdAt, new Date(now.getTime() - DAY_MS)),
      ),
    mail: rosterReminderMail,
  },
  /** 2 days before, to every confirmed team: time, place, schedule and the .ics. */
  arrival: {
    column: teamRegistrations.arrivalInfoSentAt,
    mark: (now) => ({ arrivalInfoSentAt: now }),
    due: (now) => lte(events.startsAt, new Date(now.getTime() + 2 * DAY_MS)),
    mail: arrivalInfoMail,
  },
} satisfies Record<string, Reminder>;

/**
 * The scheduled reminders. Each booking is marked as reminded in the same transaction
 * that queues its mail, and the mark is set by an UPDATE that only matches unmarked rows:
 * a second run, a restart or another instance finds nothing left to send.
 */
export async function sendEventReminders(
  services: ReminderServices,
  { now = new Date() }: { now?: Date } = {},
): Promise<{ roster: number; arrival: number }> {
  const sent = { roster: 0, arrival: 0 };
  for (const kind of ["roster", "arrival"] as const) {
    for (;;) {
      const count = await services.db.transaction((tx) => remindBatch(tx, REMINDERS[kind], services, now));
      sent[kind] += count;
      if (count < BATCH) break;
    }
  }
  return sent;
}

async function remindBatch(tx: Transaction, reminder: Reminder, services: ReminderServices, now: Date) {
  const due = tx
    .select({ id: teamRegistrations.id })
    .from(teamRegistrations)
    .innerJoin(events, eq(events.id, teamRegistrations.eventId))
    .where(
      and(
        eq(teamRegistrations.status, "confirmed"),
        eq(events.status, "published"),
        gt(events.startsAt, now),
        isNull(reminder.column),
        reminder.due(now),
      ),
    )
    .limit(BATCH);
  // Row locks make a concurrent run wait here, then find the rows marked and skip them.
  const marked = await tx
    .update(teamRegistrations)
    .set(reminder.mark(now))
    .where(and(inArray(teamRegistrations.id, due), isNull(reminder.column)))
    .returning({ id: teamRegistrations.id });
  if (marked.length === 0) return 0;

  const rows = await tx
    .select({
      registration: teamRegistrations,
      event: events,
      organizerName: partners.name,
      vatStatus: sellerVatStatus,
      bookerEmail: users.email,
    })
    .from(teamRegistrations)
    .innerJoin(events, eq(events.id, teamRegistrations.eventId))
    .innerJoin(partners, eq(partners.id, events.partnerId))
    .leftJoin(partnerBillingProfiles, sellerProfileJoin)
    .innerJoin(users, eq(users.id, teamRegistrations.userId))
    .where(
      inArray(
        teamRegistrations.id,
        marked.map((row) => row.id),
      ),
    );
  await enqueueEmails(
    services.jobs,
    tx,
    rows.map((booking) => reminder.mail(booking, services)),
  );
  return marked.length;
}
