import { and, eq, inArray, sql } from "drizzle-orm";
import { eventReasonSchema } from "~/lib/forms/event-schema";
import type { Actor } from "#server/auth/actor";
import { canReviewEvents } from "#server/auth/policies";
import { recordAudit } from "#server/audit/record-audit";
import type { Database } from "#server/db/client";
import { eventRevisions, events, partners, teamRegistrations, users, type ImageRef } from "#server/db/schema";
import { releaseImages, unusedImages } from "#server/images/release-images";
import type { MailQueue } from "#server/email/enqueue-email";
import { AppError, parseInput } from "#server/errors";
import { partnerMemberEmails } from "#server/partners/queries";
import { enqueueEmails } from "#server/registrations/emails";
import { decisionMails, eventCancelledMails } from "./event-emails";
import { assertEditable, wasPublished } from "./event-rules";
import type { EventRow } from "./event-values";
import { loadManagedEvent } from "./managed-event";

/**
 * Calls off an event that has been public and has not started: its partner's members
 * or an admin, with a reason. The event page stays up, marked cancelled; it takes no
 * new registrations; every confirmed and waitlisted booking is cancelled with it, and
 * each team's captain (and booker) is mailed the reason with a calendar file that
 * marks the event cancelled. When an admin does it, the partner's members hear too.
 */
export async function cancelEvent(
  { db, jobs, baseUrl }: { db: Database; jobs: MailQueue; baseUrl: string },
  { actor, eventId, input, now = new Date() }: { actor: Actor; eventId: unknown; input: unknown; now?: Date },
): Promise<EventRow> {
  const { reason } = parseInput(eventReasonSchema, input);
  return db.transaction(async (tx) => {
    const event = await loadManagedEvent(tx, actor, eventId, { forUpdate: true });
    assertEditable(event, now);
    if (!wasPublished(event)) {
      throw new AppError(
        "invalid_transition",
        "This event has never been published, so there is nothing to cancel and no one to tell.",
      );
    }
    const [after] = await tx
      .update(events)
      .set({
        status: "cancelled",
        cancelledAt: now,
        cancellationReason: reason,
        submittedAt: null,
        version: sql`${events.version} + 1`,
        updatedAt: now,
      })
      .where(eq(events.id, event.id))
      .returning();
    if (!after) throw new Error("The event row locked above was not updated.");
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

    const cancelled = await tx
      .update(teamRegistrations)
      .set({ status: "cancelled", cancelledAt: now, updatedAt: sql`clock_timestamp()` })
      .where(
        and(
          eq(teamRegistrations.eventId, event.id),
          inArray(teamRegistrations.status, ["confirmed", "waitlisted"]),
        ),
      )
      .returning();
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
      ...(byAdmin
        ? decisionMails(
            "cancelled",
            after,
            { note: reason, memberEmails: await partnerMemberEmails(tx, event.partnerId) },
            { baseUrl },
          )
        : []),
    ]);
    await recordAudit(tx, actor, {
      action: "event.cancel",
      entityType: "event",
      entityId: event.id,
      partnerId: event.partnerId,
      summary: `Cancelled ${event.title} (${cancelled.length} bookings cancelled): ${reason}`,
      changes: { status: { before: event.status, after: "cancelled" } },
    });
    return after;
  });
}
