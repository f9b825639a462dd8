import { and, asc, desc, eq, lt } from "drizzle-orm";
import { pickText } from "~/lib/content-language";
import { m } from "~/paraglide/messages";
import type { Database } from "#server/db/client";
import {
  events,
  invoices,
  partnerBillingProfiles,
  partners,
  partnerStatements,
  statementDocuments,
} from "#server/db/schema";
import type { SellerSnapshot } from "#server/invoices/document";
import { sellerTermsOf } from "#server/invoices/sellers";
import type { PartnerStatement } from "./make-partner-statement";
import { nextMonth } from "./statement-month";

/** One document on a statement, its amounts signed: a credit note's are negative. */
type StatementDocument = {
  id: string;
  kind: "invoice" | "credit_note";
  number: string;
  issueDate: string;
  event: string;
  /** The booking it is for. */
  reference: string;
  netMinor: number;
  vatMinor: number;
  grossMinor: number;
};

/** Everything a statement's PDF, CSV and mail show, read from rows that never change. */
export type StatementContents = {
  statement: PartnerStatement;
  language: "en" | "da";
  /** The partner as its latest document of the month names it. */
  partner: SellerSnapshot;
  documents: StatementDocument[];
  commissionInvoice: { id: string; number: string; dueDate: string | null } | null;
};

/**
 * A statement with its documents in the order they were issued, in the partner's language.
 * The partner's name and address come from the seller snapshot of its documents, not its
 * profile of today, so a statement rendered again says what it said when it was mailed. A
 * month with only online money has no documents: then the partner's latest document
 * issued before the month ended names it, and only a partner with none is named by its
 * billing profile.
 */
export async function readStatementContents(db: Database, statementId: string): Promise<StatementContents> {
  const [row] = await db
    .select({ statement: partnerStatements, language: partners.language })
    .from(partnerStatements)
    .innerJoin(partners, eq(partners.id, partnerStatements.partnerId))
    .where(eq(partnerStatements.id, statementId));
  if (!row) throw new Error(`Statement ${statementId} does not exist.`);
  const { statement, language } = row;
  const rows = await db
    .select({
      id: invoices.id,
      kind: invoices.kind,
      number: invoices.number,
      issueDate: invoices.issueDate,
      content: invoices.content,
      netMinor: invoices.netMinor,
      vatMinor: invoices.vatMinor,
      grossMinor: invoices.grossMinor,
      eventTitle: events.title,
      eventTitleTranslation: events.titleTranslation,
      eventLanguage: events.language,
    })
    .from(statementDocuments)
    .innerJoin(invoices, eq(invoices.id, statementDocuments.invoiceId))
    .leftJoin(events, eq(events.id, invoices.eventId))
    .where(eq(statementDocuments.statementId, statementId))
    .orderBy(asc(invoices.issueDate), asc(invoices.sequenceNumber));
  const partner = rows.at(-1)?.content.seller ?? (await partnerBefore(db, statement));
  const [commission] = statement.commissionInvoiceId
    ? await db
        .select({ id: invoices.id, number: invoices.number, dueDate: invoices.dueDate })
        .from(invoices)
        .where(eq(invoices.id, statement.commissionInvoiceId))
    : [];
  return {
    statement,
    language,
    partner,
    documents: rows.map((document) => {
      const sign = document.kind === "credit_note" ? -1 : 1;
      return {
        id: document.id,
        kind: document.kind,
        number: document.number,
        issueDate: document.issueDate,
        event:
          document.eventTitle === null || document.eventLanguage === null
            ? ""
            : pickText(
                language,
                document.eventLanguage,
                document.eventTitle,
                document.eventTitleTranslation ?? "",
              ).value,
        reference: document.content.reference,
        netMinor: sign * document.netMinor,
        vatMinor: sign * document.vatMinor,
        grossMinor: sign * document.grossMinor,
      };
    }),
    commissionInvoice: commission ?? null,
  };
}

/** The partner as its latest booking document issued before the statement's month ended names it. */
async function partnerBefore(db: Database, statement: PartnerStatement): Promise<SellerSnapshot> {
  const [document] = await db
    .select({ content: invoices.content })
    .from(invoices)
    .where(
      and(
        eq(invoices.sellerPartnerId, statement.partnerId),
        eq(invoices.purpose, "booking"),
        lt(invoices.issueDate, nextMonth(statement.month)),
      ),
    )
    .orderBy(desc(invoices.issueDate), desc(invoices.sequenceNumber))
    .limit(1);
  if (document) return document.content.seller;
  const [profile] = await db
    .select()
    .from(partnerBillingProfiles)
    .where(eq(partnerBillingProfiles.partnerId, statement.partnerId));
  if (!profile)
    throw new Error(`Statement ${statement.id}'s partner has no documents and no billing profile.`);
  return sellerTermsOf(profile).seller;
}

/**
 * The statement's online money as its PDF, CSV and mail show it: what RCL collected, the
 * commission kept as fees, and the payout, or what the partner owes as a positive amount
 * under its own label. Zero lines are left out, and a month without online money has none.
 */
export function onlineSettlementLines(
  statement: Pick<PartnerStatement, "onlineCollectedMinor" | "applicationFeesMinor" | "payoutMinor">,
  language: "en" | "da",
): { label: string; amountMinor: number }[] {
  const { onlineCollectedMinor, applicationFeesMinor, payoutMinor } = statement;
  if (onlineCollectedMinor === 0 && applicationFeesMinor === 0) return [];
  const locale = { locale: language };
  return [
    ...(onlineCollectedMinor === 0
      ? []
      : [{ label: m.statement_online_collected({}, locale), amountMinor: onlineCollectedMinor }]),
    ...(applicationFeesMinor === 0
      ? []
      : [{ label: m.statement_online_fees({}, locale), amountMinor: applicationFeesMinor }]),
    payoutMinor < 0
      ? { label: m.statement_owes({}, locale), amountMinor: -payoutMinor }
      : { label: m.statement_payout({}, locale), amountMinor: payoutMinor },
  ];
}
