import { and, asc, eq, gte, isNotNull, lt, notExists, sql } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { invoices, partnerStatements, paymentRefunds, payments, statementDocuments } from "#server/db/schema";
import { SITE_TIME_ZONE } from "~/lib/dates";
import type { MailQueue } from "#server/email/enqueue-email";
import { reportError } from "#server/error-reporting";
import { makePartnerStatement, type PartnerStatement } from "./make-partner-statement";
import { monthOf, monthStart, nextMonth, type StatementMonth } from "./statement-month";

/**
 * The statements still owed (the `make-statements` job, on the 1st of each month): for
 * every ended month, each partner with a booking document in no statement yet, or with a
 * payment paid or a refund completed in a month it has no statement of, gets the
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
  const byDocuments = await db
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
  const owed = [...byDocuments, ...(await owedForOnlineMoney(db, { thisMonth, month }))]
    .flatMap(({ partnerId, month: owedMonth }) => (partnerId ? [{ partnerId, month: owedMonth }] : []))
    .filter(
      (pair, index, all) =>
        all.findIndex((other) => other.partnerId === pair.partnerId && other.month === pair.month) === index,
    )
    .sort((a, b) => a.month.localeCompare(b.month) || a.partnerId.localeCompare(b.partnerId));
  const made: PartnerStatement[] = [];
  const failed: string[] = [];
  for (const { partnerId, month: owedMonth } of owed) {
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

/**
 * The partners and months with online money and no statement yet: payments paid and
 * refunds completed before this month began, by their month on Copenhagen's clock; with
 * `month`, those of that month alone.
 */
async function owedForOnlineMoney(
  db: Database,
  { thisMonth, month }: { thisMonth: StatementMonth; month: StatementMonth | undefined },
): Promise<{ partnerId: string; month: string }[]> {
  const from = month ? monthStart(month) : null;
  const until = monthStart(month ? nextMonth(month) : thisMonth);
  const monthOfInstant = (instant: typeof payments.paidAt | typeof paymentRefunds.completedAt) =>
    sql<string>`to_char(${instant} at time zone ${SITE_TIME_ZONE}, 'YYYY-MM-01')`;
  const noStatement = (instantMonth: ReturnType<typeof monthOfInstant>) =>
    notExists(
      db
        .select({ one: sql`1` })
        .from(partnerStatements)
        .where(
          and(
            eq(partnerStatements.partnerId, payments.partnerId),
            sql`${partnerStatements.month} = ${instantMonth}::date`,
          ),
        ),
    );
  const paidMonth = monthOfInstant(payments.paidAt);
  const completedMonth = monthOfInstant(paymentRefunds.completedAt);
  const [paid, refunded] = await Promise.all([
    db
      .selectDistinct({ partnerId: payments.partnerId, month: paidMonth })
      .from(payments)
      .where(
        and(
          eq(payments.status, "paid"),
          isNotNull(payments.paidAt),
          from ? gte(payments.paidAt, from) : undefined,
          lt(payments.paidAt, until),
          month ? undefined : noStatement(paidMonth),
        ),
      ),
    db
      .selectDistinct({ partnerId: payments.partnerId, month: completedMonth })
      .from(paymentRefunds)
      .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
      .where(
        and(
          eq(paymentRefunds.status, "succeeded"),
          isNotNull(paymentRefunds.completedAt),
          from ? gte(paymentRefunds.completedAt, from) : undefined,
          lt(paymentRefunds.completedAt, until),
          month ? undefined : noStatement(completedMonth),
        ),
      ),
  ]);
  return [...paid, ...refunded];
}
