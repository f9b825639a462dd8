import { eq } from "drizzle-orm";
import type { Actor } from "#server/auth/actor";
import { recordAudit } from "#server/audit/record-audit";
import type { Database } from "#server/db/client";
import type { EventRow } from "#server/db/rows";
import { eventRevisions } from "#server/db/schema";
import type { MailQueue } from "#server/email/enqueue-email";
import { enqueueEmails } from "#server/registrations/emails";
import { submittedMails } from "./event-emails";
import { lockEventFor, writeEvent } from "./managed-event";

/**
 * Sends a draft or a changes-requested event, or the saved changes to a published
 * event, to the admins' review queue, and mails every admin. Submitting again while in
 * review changes nothing.
 */
export async function submitEvent(
  { db, jobs, baseUrl }: { db: Database; jobs: MailQueue; baseUrl: string },
  { actor, eventId, now = new Date() }: { actor: Actor; eventId: unknown; now?: Date },
): Promise<EventRow> {
  return db.transaction(async (tx) => {
    // A start that passed while the event sat in drafts cannot be approved either.
    const { event, actions } = await lockEventFor(tx, "submit", { actor, eventId, now });
    const change = actions.submit === "change";
    const after = await writeEvent(
      tx,
      event.id,
      change ? {} : { status: "pending_review", submittedAt: now, updatedAt: now },
    );
    // The proposed change goes to review; an unpublished event's goes with it.
    await tx
      .update(eventRevisions)
      .set({ status: "pending_review", submittedAt: now, updatedAt: now })
      .where(eq(eventRevisions.eventId, event.id));
    await enqueueEmails(jobs, tx, await submittedMails(tx, event, { change, baseUrl }));
    await recordAudit(tx, actor, {
      action: change ? "event.submit_changes" : "event.submit",
      entityId: event.id,
      partnerId: event.partnerId,
      summary: change
        ? `Submitted changes to ${event.title} for review`
        : `Submitted ${event.title} for review`,
      changes: change ? {} : { status: { before: event.status, after: "pending_review" } },
    });
    return after;
  });
}
