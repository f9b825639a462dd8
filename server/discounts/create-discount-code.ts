import { and, eq } from "drizzle-orm";
import { discountCodeSchema } from "~/lib/forms/discount-code-schema";
import { m } from "~/paraglide/messages";
import type { Actor } from "#server/auth/actor";
import { managedEventsScope } from "#server/auth/policies";
import { recordAudit } from "#server/audit/record-audit";
import type { Database } from "#server/db/client";
import { returnedRow } from "#server/db/rows";
import { discountCodes, events } from "#server/db/schema";
import { invalidField, parseInput } from "#server/errors";
import { loadManagedPartner } from "#server/partners/partner-profile";

export type DiscountCodeRow = typeof discountCodes.$inferSelect;

/**
 * A partner's new discount code, for one of its events or all of them. Another partner's
 * partner or event is "not found"; a code the partner already has is refused next to the
 * field. The partner's row is locked, so two forms creating the same code at once give
 * one code and one refusal (the table's unique index stands behind it). Audited.
 */
export async function createDiscountCode(
  { db }: { db: Database },
  { actor, input }: { actor: Actor; input: unknown },
): Promise<DiscountCodeRow> {
  const form = parseInput(discountCodeSchema, input);
  return db.transaction(async (tx) => {
    const partner = await loadManagedPartner(tx, actor, form.partnerId, { forUpdate: true });
    if (form.eventId) {
      const [event] = await tx
        .select({ id: events.id })
        .from(events)
        .where(and(eq(events.id, form.eventId), eq(events.partnerId, partner.id), managedEventsScope(actor)));
      if (!event) throw invalidField("eventId", m.event_not_found_plain());
    }
    const [taken] = await tx
      .select({ id: discountCodes.id })
      .from(discountCodes)
      .where(and(eq(discountCodes.partnerId, partner.id), eq(discountCodes.code, form.code)));
    if (taken) throw invalidField("code", m.discount_valid_code_taken({ code: form.code }));
    const created = await tx
      .insert(discountCodes)
      .values({
        partnerId: partner.id,
        eventId: form.eventId,
        code: form.code,
        kind: form.kind,
        percent: form.percent,
        amountMinor: form.amountMinor,
        maxUses: form.maxUses,
        validFrom: form.validFrom,
        validUntil: form.validUntil,
        minTeams: form.minTeams,
        createdBy: actor.userId,
      })
      .returning()
      .then(returnedRow);
    await recordAudit(tx, actor, {
      action: "discount_code.create",
      entityId: created.id,
      partnerId: partner.id,
      summary: `Created the discount code ${created.code}`,
      changes: {
        code: {
          before: null,
          after: {
            code: created.code,
            kind: created.kind,
            percent: created.percent,
            amountMinor: created.amountMinor,
            eventId: created.eventId,
            maxUses: created.maxUses,
            validFrom: created.validFrom?.toISOString() ?? null,
            validUntil: created.validUntil?.toISOString() ?? null,
            minTeams: created.minTeams,
          },
        },
      },
    });
    return created;
  });
}
