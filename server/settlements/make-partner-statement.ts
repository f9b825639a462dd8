import { and, asc, eq, gte, inArray, isNotNull, lt, notExists, sql } from "drizzle-orm";
import { formatMoneyExact } from "~/lib/money";
import { m } from "~/paraglide/messages";
import { returnedRow, type Transaction } from "#server/db/rows";
import {
  partnerBillingProfiles,
  partners,
  partnerStatements,
  statementDocuments,
  invoices,
  paymentRefunds,
  payments,
} from "#server/db/schema";
import type { MailQueue } from "#server/email/enqueue-email";
import { documentLine, type BuyerSnapshot } from "#server/invoices/document";
import { issueDocument } from "#server/invoices/issue-document";
import { rclSeller, sellerTermsOf } from "#server/invoices/sellers";
import { revenueSharePercent } from "#server/partners/revenue-share";
import { onlineFigures, refundedFeeShares, statementFigures, type SettledRefund } from "./commission";
import {
  formatStatementMonth,
  lastDayOf,
  monthReference,
  monthStart,
  nextMonth,
  type StatementMonth,
} from "./statement-month";

export type PartnerStatement = typeof partnerStatements.$inferSelect;

/** The partner as the buyer of RCL's commission: its billing profile, to its invoice e-mail. */
function partnerBuyer(profile: typeof partnerBillingProfiles.$inferSelect): BuyerSnapshot {
  const { name, addressLine, postalCode, city, countryCode, cvr, email } = sellerTermsOf(profile).seller;
  return {
    name,
    addressLine,
    postalCode,
    city,
    countryCode,
    cvr,
    email,
    ean: null,
    personReference: null,
    orderNumber: null,
  };
}

/**
 * One partner's statement for a month that has ended, in the caller's transaction: every
 * invoice and credit note the partner sold that month (issue date) linked to it, the
 * totals summed from them (credit notes taking their amounts off), and for a premium
 * partner with a commission RCL's commission invoice, issued in RCL's series through the
 * same path as every document (so it has its PDF, UBL and mail). The statement mail to the
 * partner's invoice address is queued here too, so it goes if and only if this commits.
 *
 * The month's online money is settled with it: payments paid and refunds completed within
 * the month on Copenhagen's clock (`monthStart`). Those windows meet without a gap or an
 * overlap and a partner has one statement per month, so each payment and refund is in
 * exactly one statement; both are stamped when they happen, never back-dated, and the
 * statement is made hours after the month ended, so none lands in a month already settled.
 *
 * Idempotent: a lock per partner and month serialises two runs, and a month that already
 * has its statement, or neither documents nor online money, gives null and changes nothing.
 */
export async function makePartnerStatement(
  tx: Transaction,
  jobs: MailQueue,
  { partnerId, month, now }: { partnerId: string; month: StatementMonth; now: Date },
): Promise<PartnerStatement | null> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`statement:${partnerId}:${month}`}))`);
  const [existing] = await tx
    .select({ id: partnerStatements.id })
    .from(partnerStatements)
    .where(and(eq(partnerStatements.partnerId, partnerId), eq(partnerStatements.month, month)));
  if (existing) return null;

  const documents = await tx
    .select({
      id: invoices.id,
      kind: invoices.kind,
      netMinor: invoices.netMinor,
      vatMinor: invoices.vatMinor,
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.sellerPartnerId, partnerId),
        eq(invoices.purpose, "booking"),
        gte(invoices.issueDate, month),
        lt(invoices.issueDate, nextMonth(month)),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(statementDocuments)
            .where(eq(statementDocuments.invoiceId, invoices.id)),
        ),
      ),
    );
  const online = await onlineMoneyOf(tx, partnerId, month);
  if (documents.length === 0 && online.paid.length === 0 && online.refunds.length === 0) return null;

  const [partner] = await tx
    .select({
      tier: partners.tier,
      revenueSharePercent: partners.revenueSharePercent,
      language: partners.language,
    })
    .from(partners)
    .where(eq(partners.id, partnerId));
  const [profile] = await tx
    .select()
    .from(partnerBillingProfiles)
    .where(eq(partnerBillingProfiles.partnerId, partnerId));
  // A partner's documents are issued from its billing profile, which is never removed while it has any.
  if (!partner || !profile) throw new Error(`Partner ${partnerId} has documents but no billing profile.`);

  const sign = (kind: string) => (kind === "credit_note" ? -1 : 1);
  const sales = documents.reduce(
    (sum, row) => ({
      netMinor: sum.netMinor + sign(row.kind) * row.netMinor,
      vatMinor: sum.vatMinor + sign(row.kind) * row.vatMinor,
    }),
    { netMinor: 0, vatMinor: 0 },
  );
  const figures = statementFigures(sales, partner.tier === "premium" ? revenueSharePercent(partner) : null);
  const settlement = onlineFigures(online, figures);

  const language = partner.language;
  const commissionInvoice =
    figures.commissionNetMinor > 0 && figures.revenueSharePercent !== null
      ? await issueDocument(tx, jobs, {
          kind: "invoice",
          purpose: "commission",
          terms: await rclSeller(tx),
          buyer: partnerBuyer(profile),
          buyerPartnerId: partnerId,
          lines: [
            documentLine(
              m.statement_commission_line(
                {
                  percent: figures.revenueSharePercent,
                  month: formatStatementMonth(month, language),
                  net: formatMoneyExact(figures.netMinor, "DKK", language),
                },
                { locale: language },
              ),
              1,
              figures.commissionNetMinor,
              "registered",
            ),
          ],
          language,
          deliveryDate: lastDayOf(month),
          reference: monthReference(month),
          now,
        })
      : null;

  const statement = await tx
    .insert(partnerStatements)
    .values({
      partnerId,
      month,
      ...figures,
      ...settlement,
      commissionInvoiceId: commissionInvoice?.id ?? null,
    })
    .returning()
    .then(returnedRow);
  if (documents.length > 0) {
    await tx
      .insert(statementDocuments)
      .values(documents.map((document) => ({ invoiceId: document.id, statementId: statement.id })));
  }
  await jobs.enqueue(tx, "send-statement", { statementId: statement.id, to: profile.invoiceEmail });
  return statement;
}

/**
 * The partner's payments paid and refunds completed in the month, each refund of a
 * destination charge with the share of the fee it returned. That share depends on the
 * payment's earlier refunds (the last one returns the rest of the fee), so those are read
 * too, in the order they completed.
 */
async function onlineMoneyOf(tx: Transaction, partnerId: string, month: StatementMonth) {
  const from = monthStart(month);
  const until = monthStart(nextMonth(month));
  const paymentFields = {
    amountMinor: payments.amountMinor,
    applicationFeeMinor: payments.applicationFeeMinor,
    destinationAccountId: payments.destinationAccountId,
  };
  const settled = (row: {
    amountMinor: number;
    applicationFeeMinor: number;
    destinationAccountId: string | null;
  }) => ({
    amountMinor: row.amountMinor,
    applicationFeeMinor: row.applicationFeeMinor,
    destination: row.destinationAccountId !== null,
  });
  const paid = await tx
    .select(paymentFields)
    .from(payments)
    .where(
      and(
        eq(payments.partnerId, partnerId),
        eq(payments.status, "paid"),
        gte(payments.paidAt, from),
        lt(payments.paidAt, until),
      ),
    );
  const refunded = await tx
    .select({
      id: paymentRefunds.id,
      paymentId: paymentRefunds.paymentId,
      amountMinor: paymentRefunds.amountMinor,
    })
    .from(paymentRefunds)
    .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
    .where(
      and(
        eq(payments.partnerId, partnerId),
        eq(paymentRefunds.status, "succeeded"),
        gte(paymentRefunds.completedAt, from),
        lt(paymentRefunds.completedAt, until),
      ),
    );
  const paymentIds = [...new Set(refunded.map((refund) => refund.paymentId))];
  const history =
    paymentIds.length === 0
      ? []
      : await tx
          .select({
            id: paymentRefunds.id,
            paymentId: paymentRefunds.paymentId,
            refundMinor: paymentRefunds.amountMinor,
            ...paymentFields,
          })
          .from(paymentRefunds)
          .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
          .where(
            and(
              inArray(paymentRefunds.paymentId, paymentIds),
              eq(paymentRefunds.status, "succeeded"),
              isNotNull(paymentRefunds.completedAt),
              lt(paymentRefunds.completedAt, until),
            ),
          )
          .orderBy(asc(paymentRefunds.completedAt), asc(paymentRefunds.createdAt), asc(paymentRefunds.id));
  const refunds = new Map<string, SettledRefund>();
  for (const paymentId of paymentIds) {
    const ofPayment = history.filter((refund) => refund.paymentId === paymentId);
    const first = ofPayment[0];
    if (!first) continue;
    const payment = settled(first);
    const shares = refundedFeeShares(
      payment,
      ofPayment.map((refund) => refund.refundMinor),
    );
    ofPayment.forEach((refund, index) =>
      refunds.set(refund.id, {
        payment,
        amountMinor: refund.refundMinor,
        feeRefundedMinor: shares[index] ?? 0,
      }),
    );
  }
  return {
    paid: paid.map(settled),
    refunds: refunded.flatMap((refund) => refunds.get(refund.id) ?? []),
  };
}
