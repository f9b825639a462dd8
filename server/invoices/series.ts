import { sql } from "drizzle-orm";
import { returnedRow, type Transaction } from "#server/db/rows";
import { documentSeries } from "#server/db/schema";

/** The series of a partner's own documents; RCL's commission documents are in `RCL_SERIES`. */
export const partnerSeries = (partnerId: string) => `partner:${partnerId}`;
export const RCL_SERIES = "rcl";

/**
 * The next number of a series, taken in the caller's transaction: the series row stays
 * locked until it commits, so concurrent documents of one seller queue here and each gets
 * the next number; a transaction that rolls back gives its number back. Never a sequence,
 * which would leave gaps (ADR 035).
 */
export async function takeNextNumber(tx: Transaction, seriesKey: string): Promise<number> {
  const row = await tx
    .insert(documentSeries)
    .values({ key: seriesKey, lastNumber: 1 })
    .onConflictDoUpdate({
      target: documentSeries.key,
      set: { lastNumber: sql`${documentSeries.lastNumber} + 1` },
    })
    .returning({ lastNumber: documentSeries.lastNumber })
    .then(returnedRow);
  return row.lastNumber;
}

/** A number as printed: the seller's prefix and the series number, four digits at least. */
export const documentNumber = (prefix: string, sequence: number) =>
  `${prefix}${String(sequence).padStart(4, "0")}`;
