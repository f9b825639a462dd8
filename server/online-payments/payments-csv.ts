import { csvAmount, csvDateTime, toCsv, type CsvColumn } from "#server/csv/csv-file";
import {
  PAYMENT_PROVIDER_LABELS,
  PAYMENT_STATUS_LABELS,
  paymentMethodLabel,
} from "~/components/payments/payment-labels";
import { m } from "~/paraglide/messages";
import type { listPaymentsForExport } from "./queries";

type ExportRow = Awaited<ReturnType<typeof listPaymentsForExport>>[number];

/**
 * The admin's columns, headed in the language of the person downloading the file: the
 * list's columns and the provider's references to look a payment up at the provider by.
 */
function paymentColumns(): CsvColumn<ExportRow>[] {
  return [
    { header: m.payments_csv_created(), value: (row) => csvDateTime(row.createdAt) },
    { header: m.payments_csv_reference(), value: (row) => row.reference },
    { header: m.payments_csv_partner(), value: (row) => row.partnerName },
    { header: m.payments_csv_event(), value: (row) => row.eventTitle },
    { header: m.payments_csv_provider(), value: (row) => PAYMENT_PROVIDER_LABELS[row.provider]() },
    { header: m.payments_csv_method(), value: (row) => paymentMethodLabel(row.method) },
    { header: m.payments_csv_status(), value: (row) => PAYMENT_STATUS_LABELS[row.status]() },
    { header: m.payments_csv_amount(), value: (row) => csvAmount(row.amountMinor) },
    { header: m.payments_csv_refunded(), value: (row) => csvAmount(row.refundedMinor) },
    { header: m.payments_csv_refund_pending(), value: (row) => csvAmount(row.refundPendingMinor) },
    { header: m.payments_csv_fee(), value: (row) => csvAmount(row.applicationFeeMinor) },
    { header: m.payments_csv_paid_at(), value: (row) => csvDateTime(row.paidAt) },
    { header: m.payments_csv_checkout_id(), value: (row) => row.checkoutId },
    { header: m.payments_csv_payment_id(), value: (row) => row.providerPaymentId },
    { header: m.payments_csv_last_failure(), value: (row) => row.lastFailure },
  ];
}

/** The payments of the Payments list's filters as a CSV file Excel opens in Danish (server/csv/csv-file.ts, ADR 014). */
export function paymentsCsv(rows: ExportRow[]): string {
  return toCsv(paymentColumns(), rows);
}
