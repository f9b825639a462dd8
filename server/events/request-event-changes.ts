import { eq, sql } from "drizzle-orm";
import { reviewNoteSchema } from "~/lib/forms/event-schema";
import type { Actor } from "#server/auth/actor";
import { recordAudit } from "#server/audit/record-audit";
import type { Database } from "#server/db/client";
import { eventRevisions, events } from "#server/db/schema";
import type { MailQueue } from "#server/email/enqueue-email";
import { AppError, parseInput } from "#server/errors";
import { partnerMemberEmails } from "#server/partners/queries";
import { enqueueEmails } from "#server/registrations/emails";
import { decisionMails } from "./event-emails";
import { assertEditable } from "./event-rules";
import type { EventRow } from "./event-values";
import { loadManagedEvent, loadRevision } from "./managed-event";
import { assertReviewer } from "./review-rules";

/**
 * An admin sends an event in review, or the changes to a published event, back to its
 * partner with a note. The note is shown on the event in the partner's dashboard and
 * mailed to the partner's members as written. A published event stays public meanwhile.
 */
export async function requestEventChanges(
  { db, jobs, baseUrl }: { db: Database; jobs: MailQueue; baseUrl: string },
  { actor, eventId, input, now = new Date() }: { actor: Actor; eventId: unknown; input: unknown; now?: Date },
): Promise<EventRow> {
  assertReviewer(actor);
  const { note } = parseInput(reviewNoteSchema, input);
  return db.transaction(async (tx) => {
    const event = await loadManagedEvent(tx, actor, eventId, { forUpdate: true });
    assertEditable(event, now);
    const revision = await loadRevision(tx, event.id);
    const change = event.status === "published" && revision?.status === "pending_review";
    if (event.status === "pending_review") {
      // An unpublished event's proposed change goes back with it.
      await tx
        .update(eventRevisions)
        .set({ status: "changes_requested", reviewNote: note, submittedAt: null, updatedAt: now })
        .where(eq(eventRevisions.eventId, event.id));
      await tx
        .update(events)
        .set({
          status: "changes_requested",
          reviewNote: note,
          submittedAt: null,
          version: sql`${events.version} + 1`,
          updatedAt: now,
        })
        .where(eq(events.id, event.id));
    } else if (change) {
      await tx
        .update(eventRevisions)
        .set({ status: "changes_requested", reviewNote: note, submittedAt: null, updatedAt: now })
        .where(eq(eventRevisions.eventId, event.id));
      await tx
        .update(events)
        .set({ version: sql`${events.version} + 1` })
        .where(eq(events.id, event.id));
    } else {
      throw new AppError("invalid_transition", "This event is not waiting for review.");
    }
    await enqueueEmails(
      jobs,
      tx,
      decisionMails(
        change ? "changes_to_changes_requested" : "changes_requested",
        event,
        { note, memberEmails: await partnerMemberEmails(tx, event.partnerId) },
        { baseUrl },
      ),
    );
    await recordAudit(tx, actor, {
      action: change ? "event.request_changes_to_changes" : "event.request_changes",
      entityType: "event",
      entityId: event.id,
      partnerId: event.partnerId,
      summary: `Asked for changes to ${event.title}: ${note}`,
      changes: change ? {} : { status: { before: event.status, after: "changes_requested" } },
    });
    const [after] = await tx.select().from(events).where(eq(events.id, event.id));
    return after!;
  });
}
