import { asc, eq } from "drizzle-orm";
import { pickText } from "~/lib/content-language";
import type { Database } from "#server/db/client";
import { events, invoices, partners, partnerStatements, statementDocuments } from "#server/db/schema";
import type { SellerSnapshot } from "#server/invoices/document";
import type { PartnerStatement } from "./make-partner-statement";

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
 * profile of today, so a statement rendered again says what it said when it was mailed.
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
  const latest = rows.at(-1);
  if (!latest) throw new Error(`Statement ${statementId} has no documents.`);
  const [commission] = statement.commissionInvoiceId
    ? await db
        .select({ id: invoices.id, number: invoices.number, dueDate: invoices.dueDate })
        .from(invoices)
        .where(eq(invoices.id, statement.commissionInvoiceId))
    : [];
  return {
    statement,
    language,
    partner: latest.content.seller,
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
