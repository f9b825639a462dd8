import { eq, sql } from "drizzle-orm";
import type { Actor } from "#server/auth/actor";
import { wasPublished } from "#server/auth/event-actions";
import { changedFields, recordAudit } from "#server/audit/record-audit";
import type { Database } from "#server/db/client";
import type { EventRow } from "#server/db/rows";
import { eventRevisions } from "#server/db/schema";
import type { MailQueue } from "#server/email/enqueue-email";
import { invalidField } from "#server/errors";
import { releaseImages, unusedImageIds, unusedImages } from "#server/images/release-images";
import { countPlacesTaken } from "#server/registrations/rules";
import {
  assertSlugFree,
  isSlugConflict,
  readEventInput,
  reviewedChanges,
  revisionValuesOf,
  slugTaken,
  trustedCover,
  unreviewedValuesOf,
  withRevision,
} from "./event-values";
import { lockEventFor, writeEvent, type EventRevisionRow } from "./managed-event";
import { m } from "~/paraglide/messages";

/**
 * Saves the editor's form. A draft, an event in review or one with changes requested
 * takes the values at once (nothing of it is public). A published event takes the fields
 * not reviewed (schedule, FAQs, ways to pay) at once, while the reviewed fields go to its
 * revision: the public page keeps the approved values until an admin approves the change. A revision equal
 * to the published event is dropped. Every save raises the event's version, so an admin
 * who opened the event before it never approves what they did not see.
 */
export async function updateEvent(
  { db, jobs }: { db: Database; jobs: MailQueue },
  { actor, eventId, input, now = new Date() }: { actor: Actor; eventId: unknown; input: unknown; now?: Date },
): Promise<{ event: EventRow; revision: EventRevisionRow | null }> {
  try {
    return await db.transaction(async (tx) => {
      const { event: before, revision: revisionBefore } = await lockEventFor(tx, "edit", {
        actor,
        eventId,
        now,
      });
      const { image, ...values } = readEventInput(input, {
        language: revisionBefore?.values.language ?? before.language,
        paymentMethods: before.paymentMethods,
        questions: [...before.rowerQuestions, ...(revisionBefore?.values.rowerQuestions ?? [])],
        // A form without the non-swimmer fields keeps what the partner last saved.
        nonSwimmers: withRevision(before, revisionBefore),
      });
      if (before.publishedAt && values.slug !== before.slug) {
        throw invalidField("slug", m.err_slug_fixed());
      }
      await assertSlugFree(tx, values.slug, before.id);
      const confirmed = await countPlacesTaken(tx, before.id);
      if (values.maxTeams < confirmed) {
        throw invalidField("maxTeams", m.err_max_teams_below_confirmed({ confirmed }));
      }
      const cover = await trustedCover(tx, {
        partnerId: before.partnerId,
        submitted: image,
        current: [before.image, revisionBefore?.values.image ?? null],
        attach: true,
      });
      const proposed = { ...values, image: cover };

      // Once public, the row keeps the approved values until the next approval.
      const published = wasPublished(before);
      const after = await writeEvent(tx, before.id, {
        ...(published ? unreviewedValuesOf(proposed) : proposed),
        updatedAt: sql`now()`,
      });
      const revision = published
        ? await saveRevision(tx, actor, before, revisionValuesOf(proposed), revisionBefore)
        : null;

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
            // Applied at once beside the proposal (the schedule and FAQs in both languages,
            // the ways to pay), so the log shows them too.
            ...changedFields(unreviewedValuesOf(before), unreviewedValuesOf(after)),
          }
        : changedFields(pick(before), pick(after));
      await recordAudit(tx, actor, {
        action: revision ? "event.propose_changes" : "event.update",
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
