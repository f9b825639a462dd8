import { and, asc, eq, gte, isNotNull, lt } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { invoices } from "#server/db/schema";
import type { MailQueue } from "#server/email/enqueue-email";
import { makePartnerStatement, type PartnerStatement } from "./make-partner-statement";
import { monthOf, nextMonth, previousMonth, type StatementMonth } from "./statement-month";

/**
 * The statements of a month (the `make-statements` job, on the 1st of each month): by
 * default the month before `now` on Copenhagen's calendar. Every partner that issued a
 * booking document that month gets one, each in a transaction of its own, so one partner's
 * failure leaves the others' made and the job's retry makes only what is missing. A month
 * that has not ended is refused: documents may still be issued in it.
 */
export async function makeMonthlyStatements(
  { db, jobs }: { db: Database; jobs: MailQueue },
  { now = new Date(), month = previousMonth(monthOf(now)) }: { now?: Date; month?: StatementMonth } = {},
): Promise<PartnerStatement[]> {
  if (month >= monthOf(now)) {
    throw new Error(`The month of ${month} has not ended; its statements are made after it.`);
  }
  const sellers = await db
    .selectDistinct({ partnerId: invoices.sellerPartnerId })
    .from(invoices)
    .where(
      and(
        isNotNull(invoices.sellerPartnerId),
        eq(invoices.purpose, "booking"),
        gte(invoices.issueDate, month),
        lt(invoices.issueDate, nextMonth(month)),
      ),
    )
    .orderBy(asc(invoices.sellerPartnerId));
  const made: PartnerStatement[] = [];
  for (const { partnerId } of sellers) {
    if (!partnerId) continue;
    const statement = await db.transaction((tx) => makePartnerStatement(tx, jobs, { partnerId, month, now }));
    if (statement) made.push(statement);
  }
  return made;
}
