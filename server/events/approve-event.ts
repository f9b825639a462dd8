import { eq } from "drizzle-orm";
import { approveEventSchema } from "~/lib/forms/event-schema";
import type { Actor } from "#server/auth/actor";
import { recordAudit } from "#server/audit/record-audit";
import type { Database } from "#server/db/client";
import type { EventRow, Transaction } from "#server/db/rows";
import { eventRevisions } from "#server/db/schema";
import type { MailQueue } from "#server/email/enqueue-email";
import { AppError, parseInput } from "#server/errors";
import { enqueueEmails } from "#server/registrations/emails";
import { promoteIntoNewSpots } from "#server/registrations/fill-free-spots";
import { countPlacesTaken } from "#server/registrations/rules";
import type { MailDraft } from "#server/email/templates";
import { changedEventMails, decisionMails } from "./event-emails";
import { columnsOfRevision, reviewedChanges } from "./event-values";
import { lockEventFor, writeEvent } from "./managed-event";
import { assertReviewer } from "./review-rules";
import { m } from "~/paraglide/messages";

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
    const { event, revision, actions } = await lockEventFor(tx, "approve", { actor, eventId, now, version });
    const change = actions.awaiting === "change";

    // An event that was public before (unpublished, or published with a change) keeps
    // its approved values in the row and the proposal in the revision: approving applies it.
    const values = revision ? columnsOfRevision(revision.values) : null;
    await assertRoomFor(tx, event, values?.maxTeams ?? event.maxTeams);
    const after = await writeEvent(tx, event.id, {
      ...values,
      status: "published",
      publishedAt: event.publishedAt ?? now,
      submittedAt: null,
      reviewNote: null,
      updatedAt: now,
    });
    const changes: Record<string, { before: unknown; after: unknown }> = revision
      ? Object.fromEntries(
          reviewedChanges(event, revision.values).map((change) => [
            change.field,
            { before: change.before, after: change.after },
          ]),
        )
      : {};
    if (!change) changes.status = { before: event.status, after: "published" };
    let teamMails: MailDraft[] = [];
    if (revision) {
      await tx.delete(eventRevisions).where(eq(eventRevisions.eventId, event.id));
      // More places go to the teams waiting longest, as when a booking is cancelled, and
      // teams already booked hear of a new time or place.
      const { mails } = await promoteIntoNewSpots(tx, after, { baseUrl, jobs, now });
      teamMails = [...mails, ...(await changedEventMails(tx, event, after, { baseUrl }))];
    }

    await enqueueEmails(jobs, tx, [
      ...teamMails,
      ...(await decisionMails(tx, change ? "changes_approved" : "approved", after, { baseUrl })),
    ]);
    await recordAudit(tx, actor, {
      action: change ? "event.approve_changes" : "event.approve",
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
  const confirmed = await countPlacesTaken(tx, event.id);
  if (maxTeams < confirmed) {
    throw new AppError("conflict", m.err_approve_over_capacity({ confirmed, max: maxTeams }), {
      reason: "capacity",
    });
  }
}
