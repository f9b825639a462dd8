/**
 * What the pages read of online payments and their refunds: the admin's Payments list (one
 * page, its totals, every row for the CSV), a booking's payments for the organiser's and
 * the booker's pages, and an event's totals for its organiser. Every read is within a
 * scope of server/auth/policies.ts (the payment's event managed by the actor, or the
 * actor's own booking), so another partner's payment is "not found", like an unknown id.
 *
 * A payment's shown status is never stored: a paid payment is "partly refunded" or
 * "refunded" by the refunds that succeeded, worked out here in SQL so the list filters and
 * pages by it on the server.
 */
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import * as z from "zod/mini";
import {
  PAYMENT_PROVIDERS,
  PAYMENT_STATUSES,
  type PaymentStatus,
} from "~/components/payments/payment-labels";
import { copenhagenTime } from "~/lib/dates";
import { isUuid } from "~/lib/ids";
import {
  filterChoice,
  filterDay,
  filterId,
  filterText,
  listFilterProblems,
  readListFilters,
} from "~/lib/list-filters";
import { m } from "~/paraglide/messages";
import type { Actor } from "#server/auth/actor";
import { managedEventsScope, managedPartnersScope, ownBookingsScope } from "#server/auth/policies";
import type { Database } from "#server/db/client";
import { escapeLikePattern } from "#server/db/like-pattern";
import { listPage } from "#server/db/list-page";
import { events, invoices, partners, paymentRefunds, payments, teamRegistrations } from "#server/db/schema";
import { notFound } from "#server/errors";

const PAYMENTS_PAGE_SIZE = 25;

// ── Sums of a payment's refunds ─────────────────────────────────────────────────────

/** What has gone back of a payment in refunds of `status`, by the refunds' index on the payment. */
const refundsOf = (status: "succeeded" | "pending") =>
  sql<number>`(select coalesce(sum(${paymentRefunds.amountMinor}), 0) from ${paymentRefunds}
    where ${paymentRefunds.paymentId} = ${payments.id} and ${paymentRefunds.status} = ${status})`.mapWith(
    Number,
  );

const refundedMinor = refundsOf("succeeded");
const refundPendingMinor = refundsOf("pending");

/** The status a person reads: a paid payment told apart by what has been refunded of it. */
const shownStatus = sql<PaymentStatus>`case when ${payments.status} = 'paid' then
    case when ${refundedMinor} >= ${payments.amountMinor} then 'refunded'
      when ${refundedMinor} > 0 then 'partly_refunded' else 'paid' end
  else ${payments.status}::text end`;

function hasStatus(status: PaymentStatus): SQL | undefined {
  const paid = eq(payments.status, "paid");
  switch (status) {
    case "paid":
      return and(paid, sql`${refundedMinor} = 0`);
    case "partly_refunded":
      return and(paid, sql`${refundedMinor} > 0`, sql`${refundedMinor} < ${payments.amountMinor}`);
    case "refunded":
      return and(paid, sql`${refundedMinor} >= ${payments.amountMinor}`);
    default:
      return eq(payments.status, status);
  }
}

/** What went wrong last: a refund's error (the newer trouble), else the payment's own failure. */
const lastFailure = sql<string | null>`coalesce((select ${paymentRefunds.lastError} from ${paymentRefunds}
    where ${paymentRefunds.paymentId} = ${payments.id} and ${paymentRefunds.lastError} is not null
    order by ${paymentRefunds.updatedAt} desc limit 1), ${payments.failureReason})`;

/**
 * The booking's reference: from the booking while it exists, else from the invoice the
 * payment confirmed (a payment outlives the booking, as invoices do).
 */
const reference = sql<
  string | null
>`coalesce(${teamRegistrations.reference}, ${invoices.content}->>'reference')`;

const sumWhenPaid = (column: AnyPgColumn) =>
  sql<number>`coalesce(sum(case when ${payments.status} = 'paid' then ${column} else 0 end), 0)`.mapWith(
    Number,
  );

// ── The list's filters ──────────────────────────────────────────────────────────────

const FILTERS = z.object({
  status: filterChoice(PAYMENT_STATUSES, "all"),
  provider: filterChoice(PAYMENT_PROVIDERS, "all"),
  partner: filterId(),
  from: filterDay(),
  to: filterDay(),
  q: filterText(40),
});

export type PaymentFilters = z.output<typeof FILTERS>;

/** What the page says next to a filter it could not use. */
type PaymentFilterProblems = { from?: string; to?: string; others: string[] };

/**
 * The list's filters from the address (a GET form, so a filtered view can be shared): the
 * status, the provider, the partner, the days the payments were started from and to (both
 * included) and a booking reference, or part of one. A filter not understood is left out
 * and said so; an end of the period before its start likewise.
 */
export function readPaymentFilters(url: URL): { filters: PaymentFilters; problems: PaymentFilterProblems } {
  const filters = readListFilters(url, FILTERS);
  const given = (name: "from" | "to") => url.searchParams.get(name)?.trim() ?? "";
  const problems: PaymentFilterProblems = { others: [] };
  if (given("from") !== "" && filters.from === "") problems.from = m.err_range_not_a_day();
  if (given("to") !== "" && filters.to === "") problems.to = m.err_range_not_a_day();
  if (filters.from && filters.to && filters.to < filters.from) {
    problems.to = m.err_range_end_before_start();
    filters.to = "";
  }
  problems.others.push(
    ...listFilterProblems(url, FILTERS, {
      status: m.payments_status_not_understood(),
      provider: m.payments_provider_not_understood(),
      partner: m.payments_partner_not_understood(),
    }),
  );
  return { filters, problems };
}

/** The filters as an address's query, without the page: for the export link and "first page". */
function paymentFiltersQuery(filters: PaymentFilters): string {
  const params = new URLSearchParams();
  if (filters.status !== "all") params.set("status", filters.status);
  if (filters.provider !== "all") params.set("provider", filters.provider);
  if (filters.partner) params.set("partner", filters.partner);
  if (filters.from) params.set("from", filters.from);
  if (filters.to) params.set("to", filters.to);
  if (filters.q) params.set("q", filters.q);
  return params.toString();
}

/** The filter's partner, when given: "not found" outside the partners the actor manages. */
export async function checkPaymentFilters(db: Database, actor: Actor, filters: PaymentFilters) {
  if (!filters.partner) return;
  const [partner] = await db
    .select({ id: partners.id })
    .from(partners)
    .where(and(eq(partners.id, filters.partner), managedPartnersScope(actor)));
  if (!partner) throw notFound(m.err_partner_not_found());
}

/** When a Copenhagen day ("2027-06-15") begins; `after` days later for the end of a period. */
function startOfDay(day: string, after = 0): Date {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const shifted = new Date(Date.UTC(year, month - 1, date + after));
  return copenhagenTime(shifted.getUTCFullYear(), shifted.getUTCMonth() + 1, shifted.getUTCDate());
}

const FULL_REFERENCE = /^RCL-[0-9A-Z]{6}$/;

/**
 * A booking reference: a whole one through the references' unique index and the payments'
 * index on the booking; part of one ("7K3Q") as "contains", on the booking's reference or,
 * for a booking since deleted, its invoice's, the typed text escaped so `%` and `_` match
 * themselves.
 */
function referenceCondition(q: string): SQL | undefined {
  if (!q) return undefined;
  const typed = q.toUpperCase();
  if (FULL_REFERENCE.test(typed)) {
    // The subquery's own team_registrations, not the joined one: the innermost name wins.
    return sql`${payments.registrationId} in (select ${teamRegistrations.id} from ${teamRegistrations}
      where ${teamRegistrations.reference} = ${typed})`;
  }
  return ilike(reference, `%${escapeLikePattern(typed)}%`);
}

function filterConditions(actor: Actor, filters: PaymentFilters): SQL | undefined {
  return and(
    managedEventsScope(actor),
    filters.status !== "all" ? hasStatus(filters.status) : undefined,
    filters.provider !== "all" ? eq(payments.provider, filters.provider) : undefined,
    filters.partner ? eq(payments.partnerId, filters.partner) : undefined,
    filters.from ? gte(payments.createdAt, startOfDay(filters.from)) : undefined,
    filters.to ? lt(payments.createdAt, startOfDay(filters.to, 1)) : undefined,
    referenceCondition(filters.q),
  );
}

// ── The list ────────────────────────────────────────────────────────────────────────

/** The newest first, as the (created_at, id) index reads backwards, so pages never overlap. */
const listOrder = [desc(payments.createdAt), desc(payments.id)];

const rowColumns = {
  id: payments.id,
  createdAt: payments.createdAt,
  paidAt: payments.paidAt,
  registrationId: payments.registrationId,
  /** Whether the booking's page still exists to link to. */
  bookingExists: sql<boolean>`${teamRegistrations.id} is not null`,
  reference,
  partnerId: payments.partnerId,
  partnerName: partners.name,
  eventId: payments.eventId,
  eventTitle: events.title,
  provider: payments.provider,
  method: payments.method,
  status: shownStatus,
  amountMinor: payments.amountMinor,
  currency: payments.currency,
  refundedMinor,
  refundPendingMinor,
  applicationFeeMinor: payments.applicationFeeMinor,
  checkoutId: payments.checkoutId,
  providerPaymentId: payments.providerPaymentId,
  lastFailure,
};

/** The payments with their event, partner, booking and invoice (for the reference). */
function paymentRows(db: Database) {
  return db
    .select(rowColumns)
    .from(payments)
    .innerJoin(events, eq(events.id, payments.eventId))
    .innerJoin(partners, eq(partners.id, payments.partnerId))
    .leftJoin(teamRegistrations, eq(teamRegistrations.id, payments.registrationId))
    .leftJoin(invoices, eq(invoices.id, payments.invoiceId));
}

type PaymentListQuery = { actor: Actor; filters: PaymentFilters; page: number };

/**
 * One page of the payments the filters match, how many match, and their totals: what was
 * paid, what of it went back in refunds, what is kept, and RCL's fees on it. Call
 * `checkPaymentFilters` first.
 */
export async function listPayments(db: Database, { actor, filters, page }: PaymentListQuery) {
  const where = filterConditions(actor, filters);
  const totals = db
    .select({
      n: count(),
      paidMinor: sumWhenPaid(payments.amountMinor),
      refundedMinor: sql<number>`coalesce(sum(${refundedMinor}), 0)`.mapWith(Number),
      feeMinor: sumWhenPaid(payments.applicationFeeMinor),
    })
    .from(payments)
    .innerJoin(events, eq(events.id, payments.eventId))
    .leftJoin(teamRegistrations, eq(teamRegistrations.id, payments.registrationId))
    .leftJoin(invoices, eq(invoices.id, payments.invoiceId))
    .where(where)
    .execute();
  const list = await listPage(paymentsQuery(db, actor, filters), totals, { page, size: PAYMENTS_PAGE_SIZE });
  const [sums] = await totals;
  const paidMinor = sums?.paidMinor ?? 0;
  const refunded = sums?.refundedMinor ?? 0;
  return {
    ...list,
    totals: {
      count: list.total,
      paidMinor,
      refundedMinor: refunded,
      keptMinor: paidMinor - refunded,
      feeMinor: sums?.feeMinor ?? 0,
    },
  };
}

/**
 * The payments the filters match, in the list's order, within the actor's scope: a page is
 * this with its limit and offset, the CSV all of it.
 */
export function paymentsQuery(db: Database, actor: Actor, filters: PaymentFilters) {
  return paymentRows(db)
    .where(filterConditions(actor, filters))
    .orderBy(...listOrder);
}

/** Every payment the filters match (all pages), with what the CSV export writes, in the list's order. */
export async function listPaymentsForExport(
  db: Database,
  { actor, filters }: Omit<PaymentListQuery, "page">,
) {
  return paymentsQuery(db, actor, filters).then((rows) => rows);
}

/** The partners the filter offers: those the actor manages that have taken any payment. */
function listPaymentPartners(db: Database, actor: Actor) {
  return db
    .select({ id: partners.id, name: partners.name })
    .from(partners)
    .where(
      and(
        managedPartnersScope(actor),
        sql`exists (select 1 from ${payments} where ${payments.partnerId} = ${partners.id})`,
      ),
    )
    .orderBy(asc(partners.name), asc(partners.id));
}

/**
 * What the admin's Payments page shows for its address: the filters as read (and what was
 * set aside), the partners to choose from, one page of payments with the totals of all
 * that match. "Not found" for a filter naming a partner outside the actor's.
 */
export async function paymentListPage(
  db: Database,
  { actor, url, page }: { actor: Actor; url: URL; page: number },
) {
  const { filters, problems } = readPaymentFilters(url);
  await checkPaymentFilters(db, actor, filters);
  const [list, partnerOptions] = await Promise.all([
    listPayments(db, { actor, filters, page }),
    listPaymentPartners(db, actor),
  ]);
  return {
    filters,
    problems,
    query: paymentFiltersQuery(filters),
    partners: partnerOptions,
    page,
    pageSize: PAYMENTS_PAGE_SIZE,
    ...list,
  };
}

export type PaymentListPage = Awaited<ReturnType<typeof paymentListPage>>;

// ── A booking's payments ────────────────────────────────────────────────────────────

/**
 * The payments of one booking the actor may see, oldest first, each with its refunds, and
 * what they come to: paid, refunded, a refund on its way, and for a cancelled booking the
 * cancellation fee kept (paid less what is refunded or being refunded). The organiser's
 * view (`seller`: the event managed by the actor) and the booker's (`booker`: their own
 * booking) read the same rows; `bookingPaymentsForBooker` leaves out the provider's side.
 */
async function readBookingPayments(
  db: Database,
  { actor, view, registrationId }: { actor: Actor; view: "seller" | "booker"; registrationId: unknown },
) {
  if (!isUuid(registrationId)) return null;
  const scope = view === "seller" ? managedEventsScope(actor) : ownBookingsScope(actor);
  const found = await db
    .select({
      id: payments.id,
      createdAt: payments.createdAt,
      paidAt: payments.paidAt,
      provider: payments.provider,
      method: payments.method,
      rawStatus: payments.status,
      status: shownStatus,
      amountMinor: payments.amountMinor,
      currency: payments.currency,
      applicationFeeMinor: payments.applicationFeeMinor,
      checkoutId: payments.checkoutId,
      providerPaymentId: payments.providerPaymentId,
      destinationAccountId: payments.destinationAccountId,
      failureReason: payments.failureReason,
      bookingStatus: teamRegistrations.status,
    })
    .from(payments)
    .innerJoin(events, eq(events.id, payments.eventId))
    .leftJoin(teamRegistrations, eq(teamRegistrations.id, payments.registrationId))
    .where(and(eq(payments.registrationId, registrationId), scope))
    .orderBy(asc(payments.createdAt), asc(payments.id));
  const refunds =
    found.length === 0
      ? []
      : await db
          .select({
            id: paymentRefunds.id,
            paymentId: paymentRefunds.paymentId,
            amountMinor: paymentRefunds.amountMinor,
            reason: paymentRefunds.reason,
            status: paymentRefunds.status,
            providerRefundId: paymentRefunds.providerRefundId,
            lastError: paymentRefunds.lastError,
            createdAt: paymentRefunds.createdAt,
            completedAt: paymentRefunds.completedAt,
          })
          .from(paymentRefunds)
          .where(
            inArray(
              paymentRefunds.paymentId,
              found.map((payment) => payment.id),
            ),
          )
          .orderBy(asc(paymentRefunds.createdAt), asc(paymentRefunds.id));
  const sum = (amounts: number[]) => amounts.reduce((total, amount) => total + amount, 0);
  const paidMinor = sum(found.filter((p) => p.rawStatus === "paid").map((p) => p.amountMinor));
  const refundedMinor = sum(refunds.filter((r) => r.status === "succeeded").map((r) => r.amountMinor));
  const refundPendingMinor = sum(refunds.filter((r) => r.status === "pending").map((r) => r.amountMinor));
  const cancelled = found.some((payment) => payment.bookingStatus === "cancelled");
  return {
    payments: found.map((payment) => ({
      ...payment,
      refunds: refunds.filter((refund) => refund.paymentId === payment.id),
    })),
    summary: {
      paidMinor,
      refundedMinor,
      refundPendingMinor,
      keptMinor: cancelled && paidMinor > 0 ? paidMinor - refundedMinor - refundPendingMinor : null,
    },
  };
}

/** A booking's payments and refunds as its organiser (or an admin) sees them, provider references included. */
export async function bookingPaymentsForSeller(db: Database, actor: Actor, registrationId: unknown) {
  const read = await readBookingPayments(db, { actor, view: "seller", registrationId });
  if (!read) return { payments: [], summary: emptySummary };
  return read;
}

const emptySummary = { paidMinor: 0, refundedMinor: 0, refundPendingMinor: 0, keptMinor: null };

export type SellerBookingPayments = Awaited<ReturnType<typeof bookingPaymentsForSeller>>;

/**
 * A booking's payments and refunds as its booker sees them: how and when it was paid, the
 * refunds with their reasons, and the fee kept; nothing of the provider's references.
 */
export async function bookingPaymentsForBooker(db: Database, actor: Actor, registrationId: unknown) {
  const read = await readBookingPayments(db, { actor, view: "booker", registrationId });
  if (!read) return { payments: [], summary: emptySummary };
  return {
    summary: read.summary,
    payments: read.payments.map((payment) => ({
      id: payment.id,
      createdAt: payment.createdAt,
      paidAt: payment.paidAt,
      method: payment.method,
      status: payment.status,
      amountMinor: payment.amountMinor,
      currency: payment.currency,
      refunds: payment.refunds.map((refund) => ({
        id: refund.id,
        amountMinor: refund.amountMinor,
        reason: refund.reason,
        status: refund.status,
        createdAt: refund.createdAt,
        completedAt: refund.completedAt,
      })),
    })),
  };
}

export type BookerBookingPayments = Awaited<ReturnType<typeof bookingPaymentsForBooker>>;

// ── An event's totals ───────────────────────────────────────────────────────────────

/**
 * What an event's online payments come to, for its organiser: paid, open (checkouts still
 * pending while places are held), refunded, and RCL's fees on what was paid. Nothing for an
 * event outside the actor's.
 */
export async function eventPaymentTotals(db: Database, actor: Actor, eventId: string) {
  const [totals] = await db
    .select({
      count: count(),
      paidMinor: sumWhenPaid(payments.amountMinor),
      openMinor:
        sql<number>`coalesce(sum(case when ${payments.status} = 'pending' then ${payments.amountMinor} else 0 end), 0)`.mapWith(
          Number,
        ),
      refundedMinor: sql<number>`coalesce(sum(${refundedMinor}), 0)`.mapWith(Number),
      feeMinor: sumWhenPaid(payments.applicationFeeMinor),
    })
    .from(payments)
    .innerJoin(events, eq(events.id, payments.eventId))
    .where(and(eq(payments.eventId, eventId), managedEventsScope(actor)));
  return totals ?? { count: 0, paidMinor: 0, openMinor: 0, refundedMinor: 0, feeMinor: 0 };
}

export type EventPaymentTotals = Awaited<ReturnType<typeof eventPaymentTotals>>;
