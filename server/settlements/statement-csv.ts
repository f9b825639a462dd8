import { csvAmount, toCsv, type CsvColumn } from "#server/csv/csv-file";
import { m } from "~/paraglide/messages";
import { onlineSettlementLines, type StatementContents } from "./statement-contents";
import { formatStatementMonth } from "./statement-month";

/** A row of the file: a document, or one of the figures under them (its label in the first column). */
type StatementCsvRow = {
  label: string;
  kind?: string;
  issueDate?: string;
  event?: string;
  reference?: string;
  netMinor?: number | null;
  vatMinor?: number | null;
  grossMinor?: number | null;
};

const amount = (minor: number | null | undefined) =>
  minor === null || minor === undefined ? "" : csvAmount(minor);

/**
 * A statement as a CSV file a bookkeeper books from (server/csv/csv-file.ts: Excel in
 * Danish, formulas neutralised), in the partner's language: one row per document, its
 * amounts negative for a credit note, so each column adds up to the total row under them;
 * then the commission and what the partner keeps, and in a month with online payments what
 * RCL collected, the commission kept as fees and the payout (or what the partner owes).
 */
export function statementCsv({
  statement,
  language,
  documents,
  commissionInvoice,
}: StatementContents): string {
  const locale = { locale: language };
  const columns: CsvColumn<StatementCsvRow>[] = [
    { header: m.statement_csv_number({}, locale), value: (row) => row.label },
    { header: m.statement_csv_kind({}, locale), value: (row) => row.kind },
    { header: m.statement_csv_issue_date({}, locale), value: (row) => row.issueDate },
    { header: m.statement_csv_event({}, locale), value: (row) => row.event },
    { header: m.statement_csv_reference({}, locale), value: (row) => row.reference },
    { header: m.statement_csv_net({}, locale), value: (row) => amount(row.netMinor) },
    { header: m.statement_csv_vat({}, locale), value: (row) => amount(row.vatMinor) },
    { header: m.statement_csv_gross({}, locale), value: (row) => amount(row.grossMinor) },
  ];
  const rows: StatementCsvRow[] = documents.map((document) => ({
    label: document.number,
    kind:
      document.kind === "invoice"
        ? m.statement_kind_invoice({}, locale)
        : m.statement_kind_credit_note({}, locale),
    issueDate: document.issueDate,
    event: document.event,
    reference: document.reference,
    netMinor: document.netMinor,
    vatMinor: document.vatMinor,
    grossMinor: document.grossMinor,
  }));
  const month = formatStatementMonth(statement.month, language);
  rows.push({
    label: m.statement_total({ month }, locale),
    netMinor: statement.netMinor,
    vatMinor: statement.vatMinor,
    grossMinor: statement.grossMinor,
  });
  if (statement.revenueSharePercent !== null) {
    rows.push({
      label: m.statement_commission({ percent: statement.revenueSharePercent }, locale),
      reference: commissionInvoice?.number ?? "",
      netMinor: statement.commissionNetMinor,
      vatMinor: statement.commissionVatMinor,
      grossMinor: statement.commissionNetMinor + statement.commissionVatMinor,
    });
  }
  rows.push({ label: m.statement_partner_keeps({}, locale), grossMinor: statement.partnerKeepsMinor });
  for (const line of onlineSettlementLines(statement, language)) {
    rows.push({ label: line.label, grossMinor: line.amountMinor });
  }
  return toCsv(columns, rows);
}
