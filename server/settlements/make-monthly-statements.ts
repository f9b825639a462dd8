import { and, asc, eq, gte, isNotNull, lt, notExists, sql } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { invoices, statementDocuments } from "#server/db/schema";
import type { MailQueue } from "#server/email/enqueue-email";
import { reportError } from "#server/error-reporting";
import { makePartnerStatement, type PartnerStatement } from "./make-partner-statement";
import { monthOf, nextMonth, type StatementMonth } from "./statement-month";

/**
 * The statements still owed (the `make-statements` job, on the 1st of each month): for
 * every ended month, each partner with a booking document in no statement yet gets the
 * statement of that month. Usually that is the month just ended; a run that was missed
 * (no instance up on the 1st) or failed is caught up by the next. Each statement is made in
 * a transaction of its own, and one partner's failure is reported and leaves the others'
 * made; the job then fails, and its retry makes only what is still missing. With `month`,
 * only that month, which must have ended: documents may still be issued in it.
 */
export async function makeMonthlyStatements(
  { db, jobs }: { db: Database; jobs: MailQueue },
  { now = new Date(), month }: { now?: Date; month?: StatementMonth } = {},
): Promise<PartnerStatement[]> {
  const thisMonth = monthOf(now);
  if (month && month >= thisMonth) {
    throw new Error(`The month of ${month} has not ended; its statements are made after it.`);
  }
  const issueMonth = sql<string>`to_char(${invoices.issueDate}, 'YYYY-MM-01')`;
  const owed = await db
    .selectDistinct({ partnerId: invoices.sellerPartnerId, month: issueMonth })
    .from(invoices)
    .where(
      and(
        isNotNull(invoices.sellerPartnerId),
        eq(invoices.purpose, "booking"),
        month
          ? and(gte(invoices.issueDate, month), lt(invoices.issueDate, nextMonth(month)))
          : and(
              lt(invoices.issueDate, thisMonth),
              notExists(
                db
                  .select({ one: sql`1` })
                  .from(statementDocuments)
                  .where(eq(statementDocuments.invoiceId, invoices.id)),
              ),
            ),
      ),
    )
    .orderBy(asc(issueMonth), asc(invoices.sellerPartnerId));
  const made: PartnerStatement[] = [];
  const failed: string[] = [];
  for (const { partnerId, month: owedMonth } of owed) {
    if (!partnerId) continue;
    try {
      const statement = await db.transaction((tx) =>
        makePartnerStatement(tx, jobs, { partnerId, month: owedMonth, now }),
      );
      if (statement) made.push(statement);
    } catch (error) {
      reportError(error, `The statement of ${owedMonth} for partner ${partnerId} could not be made.`, {
        partnerId,
        month: owedMonth,
      });
      failed.push(`${partnerId} (${owedMonth})`);
    }
  }
  if (failed.length > 0) throw new Error(`Statements not made: ${failed.join(", ")}.`);
  return made;
}
