import { and, eq, gt, isNotNull, isNull, sql } from "drizzle-orm";
import type { Transaction } from "#server/db/rows";
import { events, rowerSeats, teamRegistrations } from "#server/db/schema";
import { enqueueEmails, type MailQueue } from "#server/email/enqueue-email";
import type { MailDraft } from "#server/email/templates";
import { seatCodeOf } from "#server/qr/team-code";
import { crewLinkMail, seatLinkMail, type LinkContext } from "./emails";

export type SeatLinkServices = LinkContext & { jobs: MailQueue };

/**
 * Has the links of these bookings sent (ADR 038), by a `send-seat-links` job queued in the
 * caller's transaction: a place confirmed (a booking, a promotion, a paid hold, an
 * organiser's confirmation) or a roster edited. The commands that do so run in pages,
 * webhooks and workers that hold no signing key, many under the event's lock; the job
 * commits or is lost with their change, and mails what is still due when it runs, so a
 * booking cancelled meanwhile mails nobody.
 */
export async function queueSeatLinks(
  tx: Transaction,
  jobs: MailQueue,
  registrationIds: readonly string[],
): Promise<void> {
  await jobs.enqueueAll(
    tx,
    [...new Set(registrationIds)].map((registrationId) => ({
      name: "send-seat-links" as const,
      data: { registrationId },
    })),
  );
}

/**
 * Mails, in the caller's transaction, each rower of a confirmed booking whose event has not
 * ended their own link, once per address: every seat with an address and no `invited_at`
 * (a changed address is a new person, whose seat the roster trigger gives a new version
 * and no `invited_at`), in the seat's language; and the captain their crew link, once per
 * captain address. Marking and choosing are one UPDATE each, so two runs for one booking
 * never mail a rower twice. Returns how many were mailed.
 */
export async function sendSeatLinks(
  tx: Transaction,
  services: SeatLinkServices,
  registrationId: string,
  now = new Date(),
): Promise<{ rowers: number; captain: boolean }> {
  const [found] = await tx
    .select({ registration: teamRegistrations, event: events })
    .from(teamRegistrations)
    .innerJoin(events, eq(events.id, teamRegistrations.eventId))
    .where(
      and(
        eq(teamRegistrations.id, registrationId),
        eq(teamRegistrations.status, "confirmed"),
        gt(events.endsAt, now),
      ),
    );
  if (!found) return { rowers: 0, captain: false };
  const { registration, event } = found;

  const seats = await tx
    .update(rowerSeats)
    .set({ invitedAt: now })
    .where(
      and(
        eq(rowerSeats.registrationId, registrationId),
        isNotNull(rowerSeats.email),
        isNull(rowerSeats.invitedAt),
      ),
    )
    .returning({
      id: rowerSeats.id,
      name: rowerSeats.name,
      email: rowerSeats.email,
      language: rowerSeats.language,
      tokenVersion: rowerSeats.tokenVersion,
    });
  const [captain] = await tx
    .update(teamRegistrations)
    .set({ captainInvitedAt: now })
    .where(
      and(
        eq(teamRegistrations.id, registrationId),
        isNotNull(teamRegistrations.captainEmail),
        sql`${teamRegistrations.captainEmail} <> ''`,
        isNull(teamRegistrations.captainInvitedAt),
      ),
    )
    .returning({
      email: teamRegistrations.captainEmail,
      captainTokenVersion: teamRegistrations.captainTokenVersion,
    });

  const team = { id: registration.id, teamName: registration.teamName, reference: registration.reference };
  const mails: MailDraft[] = seats.flatMap((seat) =>
    seat.email
      ? [
          seatLinkMail(services, {
            seat: { ...seat, email: seat.email },
            event,
            team,
            code: seatCodeOf(registration, event, seat.id, now),
          }),
        ]
      : [],
  );
  if (captain?.email) {
    mails.push(
      crewLinkMail(services, {
        to: captain.email,
        registration: { ...registration, captainTokenVersion: captain.captainTokenVersion },
        event,
      }),
    );
  }
  await enqueueEmails(services.jobs, tx, mails);
  return { rowers: seats.length, captain: Boolean(captain?.email) };
}
