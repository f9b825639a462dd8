import { eq, sql } from "drizzle-orm";
import type { Actor } from "#server/auth/actor";
import { recordAudit } from "#server/audit/record-audit";
import type { Database } from "#server/db/client";
import { eventRevisions, events, partners } from "#server/db/schema";
import type { MailQueue } from "#server/email/enqueue-email";
import { AppError } from "#server/errors";
import { enqueueEmails } from "#server/registrations/emails";
import { adminEmails, submittedMails } from "./event-emails";
import { assertEditable } from "./event-rules";
import type { EventRow } from "./event-values";
import { loadManagedEvent, loadRevision } from "./managed-event";

const notSubmittable = () =>
  new AppError(
    "invalid_transition",
    "Only a draft, or an event with changes requested, can be submitted for review. This one has nothing new to review.",
  );

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
    const event = await loadManagedEvent(tx, actor, eventId, { forUpdate: true });
    // A start that passed while the event sat in drafts cannot be approved either.
    assertEditable(event, now);
    let change = false;
    if (event.status === "draft" || event.status === "changes_requested") {
      await tx
        .update(events)
        .set({
          status: "pending_review",
          submittedAt: now,
          version: sql`${events.version} + 1`,
          updatedAt: now,
        })
        .where(eq(events.id, event.id));
      // An unpublished event's proposed change goes to review with it.
      await tx
        .update(eventRevisions)
        .set({ status: "pending_review", submittedAt: now, updatedAt: now })
        .where(eq(eventRevisions.eventId, event.id));
    } else {
      const revision = event.status === "published" ? await loadRevision(tx, event.id) : null;
      if (!revision || revision.status === "pending_review") throw notSubmittable();
      change = true;
      await tx
        .update(eventRevisions)
        .set({ status: "pending_review", submittedAt: now, updatedAt: now })
        .where(eq(eventRevisions.eventId, event.id));
      await tx
        .update(events)
        .set({ version: sql`${events.version} + 1` })
        .where(eq(events.id, event.id));
    }
    const [partner] = await tx
      .select({ name: partners.name })
      .from(partners)
      .where(eq(partners.id, event.partnerId));
    await enqueueEmails(
      jobs,
      tx,
      submittedMails(
        event,
        { partnerName: partner?.name ?? "A partner", change, adminAddresses: await adminEmails(tx) },
        { baseUrl },
      ),
    );
    await recordAudit(tx, actor, {
      action: change ? "event.submit_changes" : "event.submit",
      entityType: "event",
      entityId: event.id,
      partnerId: event.partnerId,
      summary: change
        ? `Submitted changes to ${event.title} for review`
        : `Submitted ${event.title} for review`,
      changes: change ? {} : { status: { before: event.status, after: "pending_review" } },
    });
    const [after] = await tx.select().from(events).where(eq(events.id, event.id));
    return after!;
  });
}
