/**
 * An invoice's status, never stored: worked out in SQL from its credit notes, its payments
 * and its due date, so the lists filter and page by it on the server. The rule is written
 * once (`statusRule`); a query reads the sums it needs either per invoice, by an index
 * lookup each (`documentStatus`), or for every invoice at once, joined (`joinTotals`,
 * `joinedStatus`), which is cheaper when a filter spans tens of thousands of invoices.
 */
import { and, eq, gte, isNotNull, lt, or, sql, type SQL } from "drizzle-orm";
import { alias, QueryBuilder } from "drizzle-orm/pg-core";
import { copenhagenDate, dateKey } from "~/lib/calendar-date";
import type { InvoiceStatus } from "~/lib/invoice-status";
import { invoicePayments, invoices } from "#server/db/schema";

/** Today's date in Copenhagen, as the status compares due dates with it. */
export const copenhagenToday = (now: Date) => dateKey(copenhagenDate(now));

const CREDIT_NOTES = "credit_notes";
const creditNotes = alias(invoices, CREDIT_NOTES);

/** What an invoice's credit notes take off it, gross. */
export const creditedMinor = sql<number>`(select coalesce(sum(${creditNotes.grossMinor}), 0)
  from ${invoices} as ${sql.identifier(CREDIT_NOTES)} where ${creditNotes.creditsInvoiceId} = ${invoices.id})`;

/** What has been paid against an invoice. */
export const paidMinor = sql<number>`(select coalesce(sum(${invoicePayments.amountMinor}), 0)
  from ${invoicePayments} where ${invoicePayments.invoiceId} = ${invoices.id})`;

/** The status rule, given what was credited and what was paid of the invoice (øre). */
function statusRule({ credited, paid }: { credited: SQL; paid: SQL }, today: string): SQL {
  return sql`case
      when ${credited} > 0 and ${credited} >= ${invoices.grossMinor} then 'credited'
      when ${paid} >= ${invoices.grossMinor} - ${credited} then 'paid'
      when ${invoices.dueDate} < cast(${today} as date) then 'overdue'
      else 'open'
    end`;
}

/**
 * An invoice's status on `today` (a Copenhagen date, "2027-05-03"): credited when its
 * credit notes add up to its whole gross; paid when payments cover what is left of it;
 * overdue when neither and its due date has passed; otherwise open. Null for a credit
 * note. Each sum is one index lookup, read once per row (`offset 0` keeps PostgreSQL from
 * copying the sums into every place they are used), and as a page's column only for the
 * rows of the page: the lists' order is an index's, and columns are computed after it.
 */
export function documentStatus(today: string): SQL<InvoiceStatus | null> {
  const rule = statusRule({ credited: sql`sums.credited`, paid: sql`sums.paid` }, today);
  return sql<InvoiceStatus | null>`(case when ${invoices.kind} = 'credit_note' then null else (
    select ${rule} from (select ${creditedMinor} as credited, ${paidMinor} as paid offset 0) as sums
  ) end)`;
}

const qb = new QueryBuilder();

/** Every invoice's credit notes, added up at once. */
const creditedTotals = qb
  .select({
    invoiceId: creditNotes.creditsInvoiceId,
    minor: sql<number>`sum(${creditNotes.grossMinor})`.as("credited_minor"),
  })
  .from(creditNotes)
  .where(isNotNull(creditNotes.creditsInvoiceId))
  .groupBy(creditNotes.creditsInvoiceId)
  .as("credited_totals");

/** Every invoice's payments, added up at once. */
const paidTotals = qb
  .select({
    invoiceId: invoicePayments.invoiceId,
    minor: sql<number>`sum(${invoicePayments.amountMinor})`.as("paid_minor"),
  })
  .from(invoicePayments)
  .groupBy(invoicePayments.invoiceId)
  .as("paid_totals");

/** The same status from `creditedTotals` and `paidTotals`, joined to the query (`joinTotals`). */
function joinedStatus(today: string): SQL<InvoiceStatus | null> {
  const rule = statusRule(
    { credited: sql`coalesce(${creditedTotals.minor}, 0)`, paid: sql`coalesce(${paidTotals.minor}, 0)` },
    today,
  );
  return sql<InvoiceStatus | null>`(case when ${invoices.kind} = 'credit_note' then null else ${rule} end)`;
}

/** A select a subquery can be left-joined to, as `joinTotals` needs it. */
type LeftJoinable = { leftJoin: (table: typeof creditedTotals | typeof paidTotals, on: SQL) => LeftJoinable };

/**
 * `query` with the totals `joinedStatus` reads joined to it, when `atOnce`. Its rows keep
 * their type: the query selects named columns, none of them from the totals.
 */
export function joinTotals<Query>(query: Query, atOnce: boolean): Query {
  if (!atOnce) return query;
  return (query as unknown as LeftJoinable)
    .leftJoin(creditedTotals, eq(creditedTotals.invoiceId, invoices.id))
    .leftJoin(paidTotals, eq(paidTotals.invoiceId, invoices.id)) as unknown as Query;
}

/**
 * The status as a query reads it, with every invoice's sums joined (`atOnce`, see
 * `joinTotals`) or looked up per invoice: its SQL, and the condition for one status.
 */
export function statusReading({ atOnce, today }: { atOnce: boolean; today: string }) {
  const status = atOnce ? joinedStatus(today) : documentStatus(today);
  const due = sql`cast(${today} as date)`;
  // Whether an invoice has a credit note or a payment at all: the joined totals say so, or a lookup.
  const anyCredit = atOnce
    ? isNotNull(creditedTotals.minor)
    : sql`exists (select 1 from ${invoices} as ${sql.identifier(CREDIT_NOTES)}
        where ${creditNotes.creditsInvoiceId} = ${invoices.id})`;
  const anyPayment = atOnce
    ? isNotNull(paidTotals.minor)
    : sql`exists (select 1 from ${invoicePayments} where ${invoicePayments.invoiceId} = ${invoices.id})`;
  /**
   * Invoices in `wanted`. What every such invoice also meets comes first, cheap to test,
   * so the sums are read only for those that may qualify: open ones are not yet due,
   * overdue ones are, credited ones have a credit note, paid ones a payment (or nothing
   * to pay).
   */
  const has = (wanted: InvoiceStatus): SQL | undefined => {
    const narrowing: Record<InvoiceStatus, SQL | undefined> = {
      open: gte(invoices.dueDate, due),
      overdue: lt(invoices.dueDate, due),
      credited: anyCredit,
      paid: or(eq(invoices.grossMinor, 0), anyPayment),
    };
    return and(eq(invoices.kind, "invoice"), narrowing[wanted], eq(status, wanted));
  };
  return { status, has };
}
