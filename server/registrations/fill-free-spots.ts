import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { EventRow, TeamRegistration, Transaction } from "#server/db/rows";
import { teamRegistrations } from "#server/db/schema";
import type { MailDraft } from "#server/email/templates";
import { bookingParties, promotionMails } from "./emails";
import { countPlacesTaken } from "./rules";
import { invoiceConfirmedPlaces } from "./invoice-places";
import type { MailQueue } from "#server/email/enqueue-email";
import { PROMOTED_HOLD_HOURS } from "#server/online-payments/payment-services";
import { queueSeatLinks } from "#server/seats/send-seat-links";

/**
 * Confirms the longest-waiting teams while spots are free (or holds the place of one that
 * chose to pay online, for `PROMOTED_HOLD_HOURS`). Normally one spot was just freed;
 * counting instead of assuming one also copes with a changed max teams.
 */
export async function fillFreeSpots(tx: Transaction, event: EventRow): Promise<TeamRegistration[]> {
  const free = event.maxTeams - (await countPlacesTaken(tx, event.id));
  if (free <= 0) return [];
  const isWaiting = and(eq(teamRegistrations.eventId, event.id), eq(teamRegistrations.status, "waitlisted"));
  const oldest = tx
    .select({ id: teamRegistrations.id })
    .from(teamRegistrations)
    .where(isWaiting)
    .orderBy(asc(teamRegistrations.createdAt), asc(teamRegistrations.id))
    .limit(free);
  const promoted = await tx
    .update(teamRegistrations)
    .set(
      // A team that chose to pay online is held while it pays for the place it was given.
      event.priceMinor > 0
        ? {
            status: sql`case when ${teamRegistrations.paymentMethod} = 'online' then 'held' else 'confirmed' end::registration_status`,
            heldUntil: sql`case when ${teamRegistrations.paymentMethod} = 'online' then clock_timestamp() + ${`${PROMOTED_HOLD_HOURS} hours`}::interval end`,
            updatedAt: sql`clock_timestamp()`,
          }
        : { status: "confirmed", updatedAt: sql`clock_timestamp()` },
    )
    .where(and(isWaiting, inArray(teamRegistrations.id, oldest)))
    .returning();
  return promoted.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
}

/**
 * Fills the spots a larger capacity opened, and the mails that tell each promoted team's
 * captain and the partner's members, for the caller to queue in its transaction.
 */
export async function promoteIntoNewSpots(
  tx: Transaction,
  event: EventRow,
  { baseUrl, jobs, now }: { baseUrl: string; jobs: MailQueue; now: Date },
): Promise<{ promoted: TeamRegistration[]; mails: MailDraft[] }> {
  const promoted = await fillFreeSpots(tx, event);
  if (promoted.length === 0) return { promoted, mails: [] };
  const parties = await bookingParties(
    tx,
    event,
    promoted.map((row) => row.userId),
  );
  await invoiceConfirmedPlaces(tx, { jobs }, { event, confirmed: promoted, parties, now });
  // A team held while it pays gets its links with the payment (sync-payment).
  await queueSeatLinks(
    tx,
    jobs,
    promoted.map((row) => row.id),
  );
  return { promoted, mails: promotionMails(parties, promoted, { baseUrl }, now) };
}
