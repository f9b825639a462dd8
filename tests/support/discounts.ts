import { and, eq, sql } from "drizzle-orm";
import type { Database } from "#server/db/client";
import type { Transaction } from "#server/db/rows";
import { discountCodes } from "#server/db/schema";
import {
  checkDiscountCode,
  claimRefused,
  typedCode,
  type ClaimRefusal,
} from "#server/discounts/check-discount-code";

type ClaimEvent = { id: string; partnerId: string; priceMinor: number };

/**
 * A code's use claimed as a booking claims it, without the booking: the partner's code
 * judged by `checkDiscountCode`, then counted by `rcl_claim_discount_code` (migration 0023)
 * for an account holding `teamsHeld` teams. In the transaction or database given.
 */
export async function claimCode(
  db: Database | Transaction,
  code: string,
  event: ClaimEvent,
  { teamsHeld = 1, now }: { teamsHeld?: number; now: Date },
) {
  const [found] = await db
    .select()
    .from(discountCodes)
    .where(and(eq(discountCodes.partnerId, event.partnerId), eq(discountCodes.code, typedCode(code))));
  const applicable = checkDiscountCode(found, { code, event, now });
  const result = await db.execute(
    sql`select rcl_claim_discount_code(${applicable.codeId}::uuid, ${applicable.minTeams}::integer, ${teamsHeld}::integer) as refusal`,
  );
  const [row] = (result as unknown as { rows: { refusal: ClaimRefusal | null }[] }).rows;
  if (row?.refusal) throw claimRefused(row.refusal, applicable.minTeams);
  return { codeId: applicable.codeId, code: applicable.code, discountMinor: applicable.discountMinor };
}
