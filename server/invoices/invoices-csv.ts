import { csvAmount, toCsv, type CsvColumn } from "#server/csv/csv-file";
import { documentKindLabel, INVOICE_STATUS_LABELS } from "~/lib/invoice-status";
import { m } from "~/paraglide/messages";
import type { listInvoicesForExport } from "./queries";

type ExportRow = Awaited<ReturnType<typeof listInvoicesForExport>>[number];

/** An amount as the file adds it up: a credit note's with a minus, so each column sums to the list's totals. */
const signedAmount = (row: ExportRow, minor: number) =>
  csvAmount(row.kind === "credit_note" ? -minor : minor);

/**
 * The columns a bookkeeper books from, headed in the language of the person downloading
 * the file; `seller` adds whose document each row is (admins, members of several partners).
 */
function invoiceColumns({ seller }: { seller: boolean }): CsvColumn<ExportRow>[] {
  return [
    { header: m.invoices_csv_number(), value: (row) => row.number },
    { header: m.invoices_csv_kind(), value: (row) => documentKindLabel(row.kind) },
    { header: m.invoices_csv_credited_number(), value: (row) => row.creditedNumber },
    { header: m.invoices_csv_issue_date(), value: (row) => row.issueDate },
    { header: m.invoices_csv_delivery_date(), value: (row) => row.deliveryDate },
    { header: m.invoices_csv_due_date(), value: (row) => row.dueDate },
    ...(seller ? [{ header: m.invoices_csv_seller(), value: (row: ExportRow) => row.sellerName }] : []),
    { header: m.invoices_csv_buyer_name(), value: (row) => row.buyerName },
    { header: m.invoices_csv_buyer_cvr(), value: (row) => row.buyerCvr },
    { header: m.invoices_csv_buyer_ean(), value: (row) => row.buyerEan },
    { header: m.invoices_csv_event(), value: (row) => row.eventTitle },
    { header: m.invoices_csv_reference(), value: (row) => row.reference },
    { header: m.invoices_csv_net(), value: (row) => signedAmount(row, row.netMinor) },
    { header: m.invoices_csv_vat(), value: (row) => signedAmount(row, row.vatMinor) },
    { header: m.invoices_csv_gross(), value: (row) => signedAmount(row, row.grossMinor) },
    {
      header: m.invoices_csv_status(),
      value: (row) => (row.status ? INVOICE_STATUS_LABELS[row.status]() : ""),
    },
    {
      header: m.invoices_csv_paid(),
      value: (row) => (row.paidMinor === null ? "" : csvAmount(row.paidMinor)),
    },
  ];
}

/** The documents of an Invoices list's filters as a CSV file Excel opens in Danish (server/csv/csv-file.ts). */
export function invoicesCsv(rows: ExportRow[], { seller }: { seller: boolean }): string {
  return toCsv(invoiceColumns({ seller }), rows);
}
