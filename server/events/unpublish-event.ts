import { eventReasonSchema } from "~/lib/forms/event-schema";
import type { Actor } from "#server/auth/actor";
import { recordAudit } from "#server/audit/record-audit";
import type { Database } from "#server/db/client";
import type { EventRow } from "#server/db/rows";
import type { MailQueue } from "#server/email/enqueue-email";
import { parseInput } from "#server/errors";
import { enqueueEmails } from "#server/registrations/emails";
import { decisionMails } from "./event-emails";
import { lockEventFor, writeEvent } from "./managed-event";
import { recordReviewNote } from "./review-notes";
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
    const { event } = await lockEventFor(tx, "unpublish", { actor, eventId, now });
    const after = await writeEvent(tx, event.id, {
      status: "changes_requested",
      reviewNote: reason,
      updatedAt: now,
    });
    // The public version is what the reason is about; a proposed change is not part of it.
    await recordReviewNote(tx, actor, { event, revision: null, note: reason, now });
    await enqueueEmails(jobs, tx, await decisionMails(tx, "unpublished", event, { note: reason, baseUrl }));
    await recordAudit(tx, actor, {
      action: "event.unpublish",
      entityId: event.id,
      partnerId: event.partnerId,
      summary: `Unpublished ${event.title}: ${reason}`,
      changes: { status: { before: "published", after: "changes_requested" } },
    });
    return after;
  });
}
