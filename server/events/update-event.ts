import { eq, sql } from "drizzle-orm";
import type { Actor } from "#server/auth/actor";
import { changedFields, recordAudit } from "#server/audit/record-audit";
import type { Database } from "#server/db/client";
import { eventRevisions, events } from "#server/db/schema";
import type { MailQueue } from "#server/email/enqueue-email";
import { invalidField } from "#server/errors";
import { releaseImages, unusedImageIds, unusedImages } from "#server/images/release-images";
import { countConfirmed } from "#server/registrations/rules";
import { assertEditable, wasPublished } from "./event-rules";
import {
  assertSlugFree,
  isSlugConflict,
  readEventInput,
  reviewedChanges,
  revisionValuesOf,
  slugTaken,
  trustedCover,
  type EventRow,
} from "./event-values";
import { loadManagedEvent, loadRevision, type EventRevisionRow } from "./managed-event";

/**
 * Saves the editor's form. A draft, an event in review or one with changes requested
 * takes the values at once (nothing of it is public). A published event takes its
 * schedule, FAQs and teams-per-account cap at once, while the reviewed fields go to its revision: the public
 * page keeps the approved values until an admin approves the change. A revision equal
 * to the published event is dropped. Every save raises the event's version, so an admin
 * who opened the event before it never approves what they did not see.
 */
export async function updateEvent(
  { db, jobs }: { db: Database; jobs: MailQueue },
  { actor, eventId, input, now = new Date() }: { actor: Actor; eventId: unknown; input: unknown; now?: Date },
): Promise<{ event: EventRow; revision: EventRevisionRow | null }> {
  const { image, ...values } = readEventInput(input);
  try {
    return await db.transaction(async (tx) => {
      const before = await loadManagedEvent(tx, actor, eventId, { forUpdate: true });
      assertEditable(before, now);
      if (before.publishedAt && values.slug !== before.slug) {
        throw invalidField(
          "slug",
          "The address of a published event stays the same, so links and bookings keep working.",
        );
      }
      await assertSlugFree(tx, values.slug, before.id);
      const confirmed = await countConfirmed(tx, before.id);
      if (values.maxTeams < confirmed) {
        throw invalidField(
          "maxTeams",
          `${confirmed} teams are already confirmed, so the event needs at least ${confirmed} places.`,
        );
      }
      const revisionBefore = await loadRevision(tx, before.id);
      const cover = await trustedCover(tx, {
        partnerId: before.partnerId,
        submitted: image,
        current: [before.image, revisionBefore?.values.image ?? null],
        attach: true,
      });
      const proposed = { ...values, image: cover };
      const bump = { version: sql`${events.version} + 1`, updatedAt: sql`now()` };

      let after: EventRow | undefined;
      let revision: EventRevisionRow | null = null;
      // Once public, the row keeps the approved values until the next approval.
      if (wasPublished(before)) {
        [after] = await tx
          .update(events)
          .set({
            schedule: proposed.schedule,
            faqs: proposed.faqs,
            maxTeamsPerAccount: proposed.maxTeamsPerAccount,
            ...bump,
          })
          .where(eq(events.id, before.id))
          .returning();
        revision = await saveRevision(tx, actor, before, revisionValuesOf(proposed), revisionBefore);
      } else {
        [after] = await tx
          .update(events)
          .set({ ...proposed, ...bump })
          .where(eq(events.id, before.id))
          .returning();
      }
      if (!after) throw new Error("The event row locked above was not updated.");

      // A replaced cover goes once no event, revision or profile uses it any more.
      const dropped = unusedImageIds(
        [before.image, revisionBefore?.values.image],
        [after.image, revision?.values.image],
      );
      await releaseImages(
        { tx, jobs },
        { actor, partnerId: before.partnerId, imageIds: await unusedImages(tx, dropped) },
      );

      const pick = (row: EventRow) =>
        Object.fromEntries(Object.keys(proposed).map((field) => [field, row[field as keyof EventRow]]));
      const changes = revision
        ? {
            ...Object.fromEntries(
              reviewedChanges(before, revision.values).map(({ field, before: was, after: proposedValue }) => [
                field,
                { before: was, after: proposedValue },
              ]),
            ),
            // Applied at once beside the proposal, so the log shows it too.
            ...changedFields(
              { maxTeamsPerAccount: before.maxTeamsPerAccount },
              { maxTeamsPerAccount: after.maxTeamsPerAccount },
            ),
          }
        : changedFields(pick(before), pick(after));
      await recordAudit(tx, actor, {
        action: revision ? "event.propose_changes" : "event.update",
        entityType: "event",
        entityId: before.id,
        partnerId: before.partnerId,
        summary: revision
          ? `Saved changes to the published event ${before.title}, for review`
          : `Updated the event ${after.title}`,
        changes,
      });
      return { event: after, revision };
    });
  } catch (error) {
    if (isSlugConflict(error)) throw slugTaken();
    throw error;
  }
}

/**
 * Keeps the proposed values of a published event as its revision, or drops the
 * revision when nothing reviewed differs any more. A revision in review stays in review
 * (the raised version keeps a stale approval out); one with changes requested keeps its note.
 */
async function saveRevision(
  tx: Database,
  actor: Actor,
  published: EventRow,
  values: EventRevisionRow["values"],
  existing: EventRevisionRow | null,
): Promise<EventRevisionRow | null> {
  if (reviewedChanges(published, values).length === 0) {
    if (existing) await tx.delete(eventRevisions).where(eq(eventRevisions.eventId, published.id));
    return null;
  }
  const [revision] = await tx
    .insert(eventRevisions)
    .values({ eventId: published.id, values, status: "draft", createdBy: actor.userId })
    .onConflictDoUpdate({ target: eventRevisions.eventId, set: { values, updatedAt: sql`now()` } })
    .returning();
  return revision ?? null;
}
