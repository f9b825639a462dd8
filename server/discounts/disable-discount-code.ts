import { eq } from "drizzle-orm";
import type { Actor } from "#server/auth/actor";
import { recordAudit } from "#server/audit/record-audit";
import type { Database } from "#server/db/client";
import { returnedRow } from "#server/db/rows";
import { discountCodes } from "#server/db/schema";
import type { DiscountCodeRow } from "./create-discount-code";
import { loadManagedDiscountCode } from "./queries";

/**
 * Switches a discount code off for good: bookings already made keep their discount, new
 * ones are refused it. A member disables their partners' codes, an admin anyone's; another
 * partner's code is "not found" and unchanged. Disabling a disabled code changes nothing.
 */
export async function disableDiscountCode(
  { db }: { db: Database },
  { actor, codeId, now = new Date() }: { actor: Actor; codeId: unknown; now?: Date },
): Promise<DiscountCodeRow> {
  return db.transaction(async (tx) => {
    const code = await loadManagedDiscountCode(tx, actor, codeId, { forUpdate: true });
    if (code.disabledAt) return code;
    const disabled = await tx
      .update(discountCodes)
      .set({ disabledAt: now, disabledBy: actor.userId, updatedAt: now })
      .where(eq(discountCodes.id, code.id))
      .returning()
      .then(returnedRow);
    await recordAudit(tx, actor, {
      action: "discount_code.disable",
      entityId: code.id,
      partnerId: code.partnerId,
      summary: `Disabled the discount code ${code.code}`,
      changes: { disabledAt: { before: null, after: now.toISOString() } },
    });
    return disabled;
  });
}
