import { eq, sql } from "drizzle-orm";
import { eventReasonSchema } from "~/lib/forms/event-schema";
import type { Actor } from "#server/auth/actor";
import { recordAudit } from "#server/audit/record-audit";
import type { Database } from "#server/db/client";
import { events } from "#server/db/schema";
import type { MailQueue } from "#server/email/enqueue-email";
import { AppError, parseInput } from "#server/errors";
import { partnerMemberEmails } from "#server/partners/queries";
import { enqueueEmails } from "#server/registrations/emails";
import { decisionMails } from "./event-emails";
import { assertEditable } from "./event-rules";
import type { EventRow } from "./event-values";
import { loadManagedEvent } from "./managed-event";
import { assertReviewer } from "./review-rules";

/**
 * An admin takes a published event off the public site, with a reason. It goes back to
 * its partner as "changes requested" with the reason as the note; its bookings stand,
 * and it returns once the partner resubmits and an admin approves. The row keeps the
 * values last approved and a proposed change stays in its revision, so the next
 * approval still sees (and tells the booked teams) what changed.
 */
export async function unpublishEvent(
  { db, jobs, baseUrl }: { db: Database; jobs: MailQueue; baseUrl: string },
  { actor, eventId, input, now = new Date() }: { actor: Actor; eventId: unknown; input: unknown; now?: Date },
): Promise<EventRow> {
  assertReviewer(actor);
  const { reason } = parseInput(eventReasonSchema, input);
  return db.transaction(async (tx) => {
    const event = await loadManagedEvent(tx, actor, eventId, { forUpdate: true });
    if (event.status !== "published")
      throw new AppError("invalid_transition", "Only a published event can be unpublished.");
    assertEditable(event, now);
    const [after] = await tx
      .update(events)
      .set({
        status: "changes_requested",
        reviewNote: reason,
        version: sql`${events.version} + 1`,
        updatedAt: now,
      })
      .where(eq(events.id, event.id))
      .returning();
    await enqueueEmails(
      jobs,
      tx,
      decisionMails(
        "unpublished",
        event,
        { note: reason, memberEmails: await partnerMemberEmails(tx, event.partnerId) },
        { baseUrl },
      ),
    );
    await recordAudit(tx, actor, {
      action: "event.unpublish",
      entityType: "event",
      entityId: event.id,
      partnerId: event.partnerId,
      summary: `Unpublished ${event.title}: ${reason}`,
      changes: { status: { before: "published", after: "changes_requested" } },
    });
    return after!;
  });
}
