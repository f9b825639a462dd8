import { and, eq } from "drizzle-orm";
import type { Actor } from "#server/auth/actor";
import { recordAudit } from "#server/audit/record-audit";
import type { Database } from "#server/db/client";
import { returnedRow, type EventRow } from "#server/db/rows";
import { events } from "#server/db/schema";
import type { MailQueue } from "#server/email/enqueue-email";
import { loadManagedPartner } from "#server/partners/partner-profile";
import { isUuid } from "~/lib/ids";
import { assertSlugFree, isSlugConflict, readEventInput, slugTaken, trustedCover } from "./event-values";

/**
 * Creates a draft event for one of the actor's partners (any partner for an admin).
 * Nothing is public until an admin approves it. `createKey` comes from the rendered
 * form, so submitting the same form twice returns the event the first submit made.
 */
export async function createEvent(
  { db }: { db: Database; jobs: MailQueue },
  {
    actor,
    partnerId,
    createKey,
    input,
  }: { actor: Actor; partnerId: unknown; createKey: unknown; input: unknown },
): Promise<EventRow> {
  const key = isUuid(createKey) ? createKey : null;
  try {
    return await db.transaction(async (tx) => {
      const partner = await loadManagedPartner(tx, actor, partnerId, { forUpdate: true });
      // A new event is written in its partner's language unless the form says otherwise.
      const { image, ...values } = readEventInput(input, { language: partner.language });
      if (key) {
        // The partner row lock above makes a second submit wait for the first to commit.
        const [existing] = await tx
          .select()
          .from(events)
          .where(and(eq(events.partnerId, partner.id), eq(events.createKey, key)));
        if (existing) return existing;
      }
      await assertSlugFree(tx, values.slug);
      // A duplicate keeps the original's cover, which may be a sample image without an upload row.
      const covers = await tx
        .select({ image: events.image })
        .from(events)
        .where(eq(events.partnerId, partner.id));
      const cover = await trustedCover(tx, {
        partnerId: partner.id,
        submitted: image,
        current: covers.map((row) => row.image),
        attach: true,
      });
      const event = await tx
        .insert(events)
        .values({ ...values, image: cover, partnerId: partner.id, status: "draft", createKey: key })
        .returning()
        .then(returnedRow);
      await recordAudit(tx, actor, {
        action: "event.create",
        entityId: event.id,
        partnerId: partner.id,
        summary: `Created the draft event ${event.title}`,
      });
      return event;
    });
  } catch (error) {
    if (isSlugConflict(error)) throw slugTaken();
    throw error;
  }
}
