import { and, desc, eq } from "drizzle-orm";
import { declarationSchema } from "~/lib/forms/seat-schemas";
import { isUuid } from "~/lib/ids";
import type { Actor } from "#server/auth/actor";
import { managedEventsScope } from "#server/auth/policies";
import { recordAudit } from "#server/audit/record-audit";
import type { Database } from "#server/db/client";
import { eventDeclarations, events } from "#server/db/schema";
import { parseInput } from "#server/errors";
import { eventNotFound } from "#server/events/managed-event";

export type SaveDeclarationRequest = {
  actor: Actor;
  eventId: string;
  /** The form's `text` and `textTranslation`. */
  input: unknown;
};

/**
 * Saves an event's declaration, the text each rower accepts (ADR 038), for a member of
 * the event's partner or an admin. Declarations are append-only: a changed text is
 * version n+1 and the same text adds nothing, so every acceptance keeps pointing at the
 * words it accepted. Not a reviewed field: versioned and audited instead.
 */
export async function saveDeclaration(
  { db }: { db: Database },
  { actor, eventId, input }: SaveDeclarationRequest,
) {
  if (!isUuid(eventId)) throw eventNotFound();
  return db.transaction(async (tx) => {
    // The event's row locked, so two saves at once number their versions one after the other.
    const [event] = await tx
      .select({ id: events.id, partnerId: events.partnerId, language: events.language })
      .from(events)
      .where(and(eq(events.id, eventId), managedEventsScope(actor)))
      .for("no key update");
    if (!event) throw eventNotFound();
    const { text, textTranslation } = parseInput(declarationSchema, input);

    const [latest] = await tx
      .select()
      .from(eventDeclarations)
      .where(eq(eventDeclarations.eventId, event.id))
      .orderBy(desc(eventDeclarations.version))
      .limit(1);
    if (latest && latest.text === text && latest.textTranslation === textTranslation) {
      return { declaration: latest, created: false };
    }

    const version = (latest?.version ?? 0) + 1;
    const [declaration] = await tx
      .insert(eventDeclarations)
      .values({
        eventId: event.id,
        version,
        language: event.language,
        text,
        textTranslation,
        createdBy: actor.userId,
      })
      .returning();
    await recordAudit(tx, actor, {
      action: "event.save_declaration",
      entityId: event.id,
      partnerId: event.partnerId,
      summary: `v${version}`,
      changes: {
        declaration: {
          before: latest
            ? { version: latest.version, text: latest.text, textTranslation: latest.textTranslation }
            : null,
          after: { version, text, textTranslation },
        },
      },
    });
    return { declaration: declaration!, created: true };
  });
}
