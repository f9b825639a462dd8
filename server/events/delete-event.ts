import { eq } from "drizzle-orm";
import type { Actor } from "#server/auth/actor";
import { recordAudit } from "#server/audit/record-audit";
import type { Database } from "#server/db/client";
import { events } from "#server/db/schema";
import type { MailQueue } from "#server/email/enqueue-email";
import { releaseImages, unusedImages } from "#server/images/release-images";
import { lockEventFor } from "./managed-event";

/**
 * Deletes an event that was never public: a draft or one sent back with changes
 * requested before its first approval. It has no bookings and no page anyone linked to.
 * A published event is cancelled instead, so the teams that booked hear why.
 */
export async function deleteEvent(
  { db, jobs }: { db: Database; jobs: MailQueue },
  { actor, eventId, now = new Date() }: { actor: Actor; eventId: unknown; now?: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    const { event } = await lockEventFor(tx, "delete", { actor, eventId, now });
    await tx.delete(events).where(eq(events.id, event.id));
    const imageIds = event.image?.imageId ? await unusedImages(tx, [event.image.imageId]) : [];
    await releaseImages({ tx, jobs }, { actor, partnerId: event.partnerId, imageIds });
    await recordAudit(tx, actor, {
      action: "event.delete",
      entityId: event.id,
      partnerId: event.partnerId,
      summary: `Deleted the draft event ${event.title}`,
    });
  });
}
