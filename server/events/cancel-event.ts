import { and, eq, inArray, sql } from "drizzle-orm";
import { eventReasonSchema } from "~/lib/forms/event-schema";
import type { Actor } from "#server/auth/actor";
import { canReviewEvents } from "#server/auth/policies";
import { recordAudit } from "#server/audit/record-audit";
import type { Database } from "#server/db/client";
import type { EventRow } from "#server/db/rows";
import { eventRevisions, partners, teamRegistrations, users, type ImageRef } from "#server/db/schema";
import { releaseImages, unusedImages } from "#server/images/release-images";
import type { MailQueue } from "#server/email/enqueue-email";
import { parseInput } from "#server/errors";
import { enqueueEmails } from "#server/registrations/emails";
import { decisionMails, eventCancelledMails } from "./event-emails";
import { lockEventFor, writeEvent } from "./managed-event";
import { creditPlace } from "#server/registrations/invoice-places";
import { releaseDiscountUse } from "#server/discounts/release-discount-use";
import { m } from "~/paraglide/messages";

/**
 * Calls off an event that has been public and has not started: its partner's members
 * or an admin, with a reason. The event page stays up, marked cancelled; it takes no
 * new registrations; every confirmed, held and waitlisted booking is cancelled with it, and
 * each team's captain (and booker) is mailed the reason with a calendar file that
 * marks the event cancelled. When an admin does it, the partner's members hear too.
 */
export async function cancelEvent(
  { db, jobs, baseUrl }: { db: Database; jobs: MailQueue; baseUrl: string },
  { actor, eventId, input, now = new Date() }: { actor: Actor; eventId: unknown; input: unknown; now?: Date },
): Promise<EventRow> {
  const { reason } = parseInput(eventReasonSchema, input);
  return db.transaction(async (tx) => {
    const { event } = await lockEventFor(tx, "cancel", { actor, eventId, now });
    const after = await writeEvent(tx, event.id, {
      status: "cancelled",
      cancelledAt: now,
      cancellationReason: reason,
      submittedAt: null,
      updatedAt: now,
    });
    // A change that will never be reviewed goes, and its cover with it once nothing else shows it.
    const [dropped] = await tx
      .delete(eventRevisions)
      .where(eq(eventRevisions.eventId, event.id))
      .returning({ image: sql<ImageRef | null>`${eventRevisions.values} -> 'image'` });
    const droppedImage = dropped?.image?.imageId;
    if (droppedImage) {
      await releaseImages(
        { tx, jobs },
        { actor, partnerId: event.partnerId, imageIds: await unusedImages(tx, [droppedImage]) },
      );
    }

    // Places held while their bookers pay go too: left held, a payment made after the call-off
    // would confirm and invoice a place at an event that will not take place. Cancelled, a
    // payment still arriving is refunded in full as one that came after its places went.
    const held = await tx
      .select({ discountCodeId: teamRegistrations.discountCodeId })
      .from(teamRegistrations)
      .where(and(eq(teamRegistrations.eventId, event.id), eq(teamRegistrations.status, "held")));
    const cancelled = await tx
      .update(teamRegistrations)
      .set({ status: "cancelled", cancelledAt: now, heldUntil: null, updatedAt: sql`clock_timestamp()` })
      .where(
        and(
          eq(teamRegistrations.eventId, event.id),
          inArray(teamRegistrations.status, ["confirmed", "waitlisted", "held"]),
        ),
      )
      .returning();
    // A hold never paid was never booked: its code's use is given back, as when its booker cancels it.
    for (const { discountCodeId } of held) {
      if (discountCodeId) await releaseDiscountUse(tx, discountCodeId);
    }
    const [partner] = await tx
      .select({ name: partners.name })
      .from(partners)
      .where(eq(partners.id, event.partnerId));
    const organizerName = partner?.name ?? "The organiser";
    const bookerIds = [...new Set(cancelled.map((row) => row.userId))];
    const bookers =
      bookerIds.length > 0
        ? await tx
            .select({ id: users.id, email: users.email })
            .from(users)
            .where(inArray(users.id, bookerIds))
        : [];
    const bookerEmail = new Map(bookers.map((booker) => [booker.id, booker.email]));
    const byAdmin = canReviewEvents(actor);
    await enqueueEmails(jobs, tx, [
      ...cancelled.flatMap((registration) =>
        eventCancelledMails(
          after,
          { registration, bookerEmail: bookerEmail.get(registration.userId), organizerName, reason },
          { baseUrl },
        ),
      ),
      ...(byAdmin ? await decisionMails(tx, "cancelled", after, { note: reason, baseUrl }) : []),
    ]);
    await recordAudit(tx, actor, {
      action: "event.cancel",
      entityId: event.id,
      partnerId: event.partnerId,
      summary: `Cancelled ${event.title} (${cancelled.length} bookings cancelled): ${reason}`,
      changes: { status: { before: event.status, after: "cancelled" } },
    });
    // Every invoiced place of a called-off event is credited in full, last, as
    // the seller's series stays locked from a number to the commit.
    for (const registration of cancelled) {
      await creditPlace(
        tx,
        { jobs },
        {
          registration,
          bookerEmail: bookerEmail.get(registration.userId) ?? "",
          reason: (locale) => m.invoice_reason_event_cancelled({}, { locale }),
          now,
          // Everyone who paid online gets all of it back, through the credit note's refund.
          refund: "event_cancelled",
        },
      );
    }
    return after;
  });
}
