import { eq, sql } from "drizzle-orm";
import { approveEventSchema } from "~/lib/forms/event-schema";
import type { Actor } from "#server/auth/actor";
import { recordAudit } from "#server/audit/record-audit";
import type { Database } from "#server/db/client";
import { eventRevisions, events } from "#server/db/schema";
import type { MailQueue } from "#server/email/enqueue-email";
import { AppError, parseInput } from "#server/errors";
import { partnerMemberEmails } from "#server/partners/queries";
import { enqueueEmails } from "#server/registrations/emails";
import { promoteIntoNewSpots } from "#server/registrations/fill-free-spots";
import { countConfirmed, type Transaction } from "#server/registrations/rules";
import type { Mail } from "#server/email/mailer";
import { changedEventMails, decisionMails } from "./event-emails";
import { assertEditable } from "./event-rules";
import { columnsOfRevision, reviewedChanges, type EventRow } from "./event-values";
import { assertReviewer, assertSameVersion } from "./review-rules";
import { loadManagedEvent, loadRevision } from "./managed-event";

/**
 * An admin publishes an event in review, or copies a published event's reviewed
 * changes onto it. The admin's form carries the version they looked at: anything
 * saved since is refused with "stale", so nothing unseen goes public. The partner's
 * members are mailed the decision.
 */
export async function approveEvent(
  { db, jobs, baseUrl }: { db: Database; jobs: MailQueue; baseUrl: string },
  { actor, eventId, input, now = new Date() }: { actor: Actor; eventId: unknown; input: unknown; now?: Date },
): Promise<EventRow> {
  assertReviewer(actor);
  const { version } = parseInput(approveEventSchema, input);
  return db.transaction(async (tx) => {
    const event = await loadManagedEvent(tx, actor, eventId, { forUpdate: true });
    assertSameVersion(event, version);
    assertEditable(event, now);
    const revision = await loadRevision(tx, event.id);
    const bump = { version: sql`${events.version} + 1`, updatedAt: now };

    const eventInReview = event.status === "pending_review";
    const changeInReview = event.status === "published" && revision?.status === "pending_review";
    if (!eventInReview && !changeInReview) {
      throw new AppError("invalid_transition", "This event is not waiting for review.");
    }
    // An event that was public before (unpublished, or published with a change) keeps
    // its approved values in the row and the proposal in the revision: approving applies it.
    const values = revision ? columnsOfRevision(revision.values) : null;
    await assertRoomFor(tx, event, values?.maxTeams ?? event.maxTeams);
    const [after] = await tx
      .update(events)
      .set({
        ...values,
        status: "published",
        publishedAt: event.publishedAt ?? now,
        submittedAt: null,
        reviewNote: null,
        ...bump,
      })
      .where(eq(events.id, event.id))
      .returning();
    if (!after) throw new Error("The event row locked above was not updated.");
    const changes: Record<string, { before: unknown; after: unknown }> = revision
      ? Object.fromEntries(
          reviewedChanges(event, revision.values).map((change) => [
            change.field,
            { before: change.before, after: change.after },
          ]),
        )
      : {};
    if (eventInReview) changes.status = { before: event.status, after: "published" };
    let teamMails: Mail[] = [];
    if (revision) {
      await tx.delete(eventRevisions).where(eq(eventRevisions.eventId, event.id));
      // More places go to the teams waiting longest, as when a booking is cancelled, and
      // teams already booked hear of a new time or place.
      const { mails } = await promoteIntoNewSpots(tx, after, { baseUrl, now });
      teamMails = [...mails, ...(await changedEventMails(tx, event, after, { baseUrl }))];
    }

    const change = changeInReview;
    await enqueueEmails(jobs, tx, teamMails);
    await enqueueEmails(
      jobs,
      tx,
      decisionMails(
        change ? "changes_approved" : "approved",
        after,
        { memberEmails: await partnerMemberEmails(tx, event.partnerId) },
        { baseUrl },
      ),
    );
    await recordAudit(tx, actor, {
      action: change ? "event.approve_changes" : "event.approve",
      entityType: "event",
      entityId: event.id,
      partnerId: event.partnerId,
      summary: change ? `Approved the changes to ${after.title}` : `Approved and published ${after.title}`,
      changes,
    });
    return after;
  });
}

/** Teams may book while a change waits (or stay booked through an unpublish): places never drop below them. */
async function assertRoomFor(tx: Transaction, event: EventRow, maxTeams: number): Promise<void> {
  const confirmed = await countConfirmed(tx, event.id);
  if (maxTeams < confirmed) {
    throw new AppError(
      "conflict",
      `${confirmed} teams are confirmed now, more than the ${maxTeams} places this event would offer. Please request changes instead.`,
      { reason: "capacity" },
    );
  }
}
