import { and, eq, gte, lt, notExists, sql } from "drizzle-orm";
import { formatMoneyExact } from "~/lib/money";
import { m } from "~/paraglide/messages";
import { returnedRow, type Transaction } from "#server/db/rows";
import {
  partnerBillingProfiles,
  partners,
  partnerStatements,
  statementDocuments,
  invoices,
} from "#server/db/schema";
import type { MailQueue } from "#server/email/enqueue-email";
import { documentLine, type BuyerSnapshot } from "#server/invoices/document";
import { issueDocument } from "#server/invoices/issue-document";
import { rclSeller, sellerTermsOf } from "#server/invoices/sellers";
import { revenueSharePercent } from "#server/partners/revenue-share";
import { statementFigures } from "./commission";
import {
  formatStatementMonth,
  lastDayOf,
  monthReference,
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
 * Idempotent: a lock per partner and month serialises two runs, and a month that already
 * has its statement, or no documents, gives null and changes nothing.
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
  if (documents.length === 0) return null;

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
    .values({ partnerId, month, ...figures, commissionInvoiceId: commissionInvoice?.id ?? null })
    .returning()
    .then(returnedRow);
  await tx
    .insert(statementDocuments)
    .values(documents.map((document) => ({ invoiceId: document.id, statementId: statement.id })));
  await jobs.enqueue(tx, "send-statement", { statementId: statement.id, to: profile.invoiceEmail });
  return statement;
}
