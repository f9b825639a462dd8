import { and, desc, eq, gt, inArray, isNotNull, isNull, lte } from "drizzle-orm";
import type { Database } from "#server/db/client";
import type { Transaction } from "#server/db/rows";
import { eventDeclarations, events, rowerSeats, teamRegistrations } from "#server/db/schema";
import { enqueueEmails, type MailQueue } from "#server/email/enqueue-email";
import { mailIn, type MailDraft } from "#server/email/templates";
import { why } from "#server/email/reasons";
import { textsIn } from "~/lib/content-language";
import { formatDate } from "~/lib/dates";
import type { Locale } from "~/lib/i18n/locale";
import { seatReasonText } from "~/lib/words/seats";
import { m } from "~/paraglide/messages";
import { acceptedDeclarationVersion, seatIncomplete } from "./seat-state-sql";
import { seatCodeOf } from "#server/qr/team-code";
import { mailSeatCode } from "./emails";
import { seatState } from "./seat-state";
import { seatToken, stopRemindersToken } from "./seat-token";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Seats marked and mailed per transaction, so a regatta's backlog does not make one huge one. */
const BATCH = 200;

export type SeatReminderServices = {
  db: Database;
  jobs: MailQueue;
  baseUrl: string;
  seatLinks: { authSecret: string };
};

type SeatReminder = {
  column: typeof rowerSeats.reminded7dAt | typeof rowerSeats.reminded2dAt;
  mark(now: Date): Partial<typeof rowerSeats.$inferInsert>;
  /** The window before the start in which the reminder goes: (from, until] days. */
  from: number;
  until: number;
};

/**
 * 7 and 2 days before (ADR 038). The 7-day one stops 2 days before, so a rower whose seat
 * first qualifies then gets the 2-day one alone, not both at once.
 */
const REMINDERS = {
  "7d": { column: rowerSeats.reminded7dAt, mark: (now) => ({ reminded7dAt: now }), from: 2, until: 7 },
  "2d": { column: rowerSeats.reminded2dAt, mark: (now) => ({ reminded2dAt: now }), from: 0, until: 2 },
} satisfies Record<string, SeatReminder>;

/**
 * The rowers' reminders: each seat of a confirmed team of a published event, with an
 * address and something left to do (not confirmed, the swim answer or the current
 * declaration missing), whose rower has not stopped them, gets its own link again, in its
 * language, with what is missing, its own code, and a link that stops them.
 * The seat is marked in the transaction that queues its mail, by an UPDATE that matches
 * only unmarked rows: a second run, a restart or another worker finds nothing to send.
 */
export async function sendSeatReminders(
  services: SeatReminderServices,
  { now = new Date() }: { now?: Date } = {},
): Promise<number> {
  let sent = 0;
  for (const kind of ["7d", "2d"] as const) {
    for (;;) {
      const count = await services.db.transaction((tx) => remindBatch(tx, REMINDERS[kind], services, now));
      sent += count;
      if (count < BATCH) break;
    }
  }
  return sent;
}

async function remindBatch(
  tx: Transaction,
  reminder: SeatReminder,
  services: SeatReminderServices,
  now: Date,
) {
  const due = tx
    .select({ id: rowerSeats.id })
    .from(rowerSeats)
    .innerJoin(teamRegistrations, eq(teamRegistrations.id, rowerSeats.registrationId))
    .innerJoin(events, eq(events.id, teamRegistrations.eventId))
    .where(
      and(
        eq(teamRegistrations.status, "confirmed"),
        eq(events.status, "published"),
        gt(events.startsAt, new Date(now.getTime() + reminder.from * DAY_MS)),
        lte(events.startsAt, new Date(now.getTime() + reminder.until * DAY_MS)),
        isNotNull(rowerSeats.email),
        isNull(reminder.column),
        // The rower stopped them by the link in one.
        isNull(rowerSeats.remindersStoppedAt),
        seatIncomplete,
      ),
    )
    .limit(BATCH);
  // Row locks make a concurrent run wait here, then find the rows marked and skip them.
  const marked = await tx
    .update(rowerSeats)
    .set(reminder.mark(now))
    .where(and(inArray(rowerSeats.id, due), isNull(reminder.column)))
    .returning({ id: rowerSeats.id });
  if (marked.length === 0) return 0;

  const rows = await tx
    .select({
      seat: rowerSeats,
      acceptedVersion: acceptedDeclarationVersion,
      registration: {
        teamName: teamRegistrations.teamName,
        status: teamRegistrations.status,
        reference: teamRegistrations.reference,
        roster: teamRegistrations.roster,
      },
      event: events,
    })
    .from(rowerSeats)
    .innerJoin(teamRegistrations, eq(teamRegistrations.id, rowerSeats.registrationId))
    .innerJoin(events, eq(events.id, teamRegistrations.eventId))
    .where(
      inArray(
        rowerSeats.id,
        marked.map((row) => row.id),
      ),
    );
  const eventIds = [...new Set(rows.map((row) => row.event.id))];
  const latest = await tx
    .selectDistinctOn([eventDeclarations.eventId], {
      eventId: eventDeclarations.eventId,
      version: eventDeclarations.version,
    })
    .from(eventDeclarations)
    .where(inArray(eventDeclarations.eventId, eventIds))
    .orderBy(eventDeclarations.eventId, desc(eventDeclarations.version));
  const current = new Map(latest.map((row) => [row.eventId, row.version]));
  await enqueueEmails(
    services.jobs,
    tx,
    rows.flatMap((row) =>
      row.seat.email
        ? [seatReminderMail(row, row.seat.email, current.get(row.event.id) ?? null, services, now)]
        : [],
    ),
  );
  return marked.length;
}

type ReminderRow = {
  seat: typeof rowerSeats.$inferSelect;
  acceptedVersion: number | null;
  registration: Pick<typeof teamRegistrations.$inferSelect, "teamName" | "status" | "reference" | "roster">;
  event: typeof events.$inferSelect;
};

/** The rower's own link, in their language: the same one every mail sends. */
const rowerLink = (baseUrl: string, token: string, locale: Locale) =>
  `${baseUrl}${locale === "da" ? "/da" : ""}/rower/${token}`;

/** The link that stops this seat's reminders, in the seat's language. */
const stopLink = (baseUrl: string, token: string, locale: Locale) =>
  `${baseUrl}${locale === "da" ? "/da" : ""}/stop-reminders/${token}`;

/** The reminder to one rower: what is missing, their link and their own code. */
function seatReminderMail(
  { seat, acceptedVersion, registration, event }: ReminderRow,
  to: string,
  currentVersion: number | null,
  { baseUrl, seatLinks }: Pick<SeatReminderServices, "baseUrl" | "seatLinks">,
  now: Date,
): MailDraft {
  const locale = seat.language;
  const { teamName } = registration;
  const { state, reasons } = seatState(seat, acceptedVersion, currentVersion);
  return mailIn(locale, () => {
    const seatCode = mailSeatCode(seatCodeOf(registration, event, seat.id, now));
    const stop = stopLink(baseUrl, stopRemindersToken(seatLinks.authSecret, seat), locale);
    const shown = textsIn(event, locale);
    const missing = [
      ...(state === "invited" ? [m.mail_seat_reminder_confirm()] : []),
      ...reasons.map(seatReasonText),
    ];
    return {
      to,
      subject: m.mail_seat_reminder_subject({ eventTitle: shown.title, date: formatDate(event.startsAt) }),
      content: {
        reason: why.rowerSeat(teamName, shown.title),
        heading: m.mail_seat_reminder_heading(),
        paragraphs: [
          m.mail_seat_reminder_lead({
            name: seat.name,
            teamName,
            eventTitle: shown.title,
            date: formatDate(event.startsAt),
          }),
          m.mail_seat_reminder_missing({ missing: missing.join("; ") }),
        ],
        action: {
          label: m.mail_seat_reminder_action(),
          url: rowerLink(baseUrl, seatToken(seatLinks.authSecret, seat), locale),
        },
        ...seatCode.content,
        optOut: { text: m.mail_seat_reminder_stop_text(), label: m.mail_seat_reminder_stop(), url: stop },
      },
      attachments: seatCode.attachments,
      // One-click unsubscribe (RFC 8058): the mail provider POSTs to the link, which stops
      // them; a GET, such as a scanner's, only asks.
      headers: { "List-Unsubscribe": `<${stop}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    };
  });
}
