import { and, eq, gt, sql } from "drizzle-orm";
import type { Transaction } from "#server/db/rows";
import { discountCodes } from "#server/db/schema";

/**
 * Gives back the use a booking counted (`claimDiscountCode`), in the transaction that ends
 * it unpaid: a hold that expired or a checkout that failed, so the code's limit counts
 * only bookings that stand. Never below zero.
 */
export async function releaseDiscountUse(tx: Transaction, codeId: string): Promise<void> {
  await tx
    .update(discountCodes)
    .set({ uses: sql`${discountCodes.uses} - 1`, updatedAt: sql`now()` })
    .where(and(eq(discountCodes.id, codeId), gt(discountCodes.uses, 0)));
}
