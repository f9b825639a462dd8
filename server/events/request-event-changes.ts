import { eq } from "drizzle-orm";
import { reviewNoteSchema } from "~/lib/forms/event-schema";
import type { Actor } from "#server/auth/actor";
import { recordAudit } from "#server/audit/record-audit";
import type { Database } from "#server/db/client";
import type { EventRow } from "#server/db/rows";
import { eventRevisions } from "#server/db/schema";
import type { MailQueue } from "#server/email/enqueue-email";
import { parseInput } from "#server/errors";
import { enqueueEmails } from "#server/registrations/emails";
import { decisionMails } from "./event-emails";
import { lockEventFor, writeEvent } from "./managed-event";
import { recordReviewNote } from "./review-notes";
import { assertReviewer } from "./review-rules";

/**
 * An admin sends an event in review, or the changes to a published event, back to its
 * partner with a note. The note is shown on the event in the partner's dashboard and
 * mailed to the partner's members as written, and kept with the values it was about for
 * the next review. A published event stays public meanwhile.
 */
export async function requestEventChanges(
  { db, jobs, baseUrl }: { db: Database; jobs: MailQueue; baseUrl: string },
  { actor, eventId, input, now = new Date() }: { actor: Actor; eventId: unknown; input: unknown; now?: Date },
): Promise<EventRow> {
  assertReviewer(actor);
  const { note } = parseInput(reviewNoteSchema, input);
  return db.transaction(async (tx) => {
    const { event, revision, actions } = await lockEventFor(tx, "requestChanges", { actor, eventId, now });
    const change = actions.awaiting === "change";
    // The proposed change goes back either way; an unpublished event goes back with it.
    await tx
      .update(eventRevisions)
      .set({ status: "changes_requested", reviewNote: note, submittedAt: null, updatedAt: now })
      .where(eq(eventRevisions.eventId, event.id));
    const after = await writeEvent(
      tx,
      event.id,
      change ? {} : { status: "changes_requested", reviewNote: note, submittedAt: null, updatedAt: now },
    );
    await recordReviewNote(tx, actor, { event, revision, note, now });
    const decision = change ? "changes_to_changes_requested" : "changes_requested";
    await enqueueEmails(jobs, tx, await decisionMails(tx, decision, event, { note, baseUrl }));
    await recordAudit(tx, actor, {
      action: change ? "event.request_changes_to_changes" : "event.request_changes",
      entityId: event.id,
      partnerId: event.partnerId,
      summary: `Asked for changes to ${event.title}: ${note}`,
      changes: change ? {} : { status: { before: event.status, after: "changes_requested" } },
    });
    return after;
  });
}
