import { REGISTRATION_STATUS_LABELS } from "~/lib/registration-status";
import { csvAmount, csvDateTime, toCsv, type CsvColumn } from "#server/csv/csv-file";
import type { CurrencyFigures, Figures } from "./event-figures";
import type { MonthlyReport } from "./monthly-report";
import type { PartnerReport, PartnerReportRow } from "./partner-report";
import type { RegistrationExportRow } from "./registrations-export";
import { m } from "~/paraglide/messages";

/**
 * The columns are named in the language of whoever downloads the file; the figures and
 * dates keep one machine format (server/csv/csv-file.ts), so a spreadsheet reads both.
 *
 * The reports' files have one row per month (or partner) and currency: the columns stay
 * the same whatever the range holds, every figure can be summed down a column (an event
 * has one currency, so no event is counted twice), and a spreadsheet filters or pivots
 * by currency without adding kroner to pounds.
 */
function perCurrency<Row>(figures: Figures, currencies: string[], row: Row) {
  // A month or partner with nothing to count still gets its zero row, in the main currency.
  const lines: CurrencyFigures[] =
    figures.byCurrency.length > 0
      ? figures.byCurrency
      : [
          {
            currency: currencies[0] ?? "",
            eventsHeld: 0,
            eventsCancelled: 0,
            teamsConfirmed: 0,
            cancellations: 0,
            revenueMinor: 0,
            shareMinor: 0,
          },
        ];
  return lines.map((line) => ({ row, line }));
}

function figureColumns<Row>(): CsvColumn<{ row: Row; line: CurrencyFigures }>[] {
  return [
    { header: m.server_csv_currency(), value: ({ line }) => line.currency },
    { header: m.server_csv_events_held(), value: ({ line }) => line.eventsHeld },
    { header: m.server_csv_events_cancelled(), value: ({ line }) => line.eventsCancelled },
    { header: m.server_csv_teams_confirmed(), value: ({ line }) => line.teamsConfirmed },
    { header: m.server_csv_cancellations(), value: ({ line }) => line.cancellations },
    { header: m.server_csv_revenue(), value: ({ line }) => csvAmount(line.revenueMinor) },
    { header: m.server_csv_rcl_share(), value: ({ line }) => csvAmount(line.shareMinor) },
  ];
}

export function monthlyReportCsv(report: MonthlyReport): string {
  const rows = report.months.flatMap((month) => perCurrency(month.figures, report.currencies, month.month));
  return toCsv([{ header: m.server_csv_month(), value: ({ row }) => row }, ...figureColumns<string>()], rows);
}

const TIERS = { basic: m.server_csv_tier_basic, premium: m.server_csv_tier_premium } as const;

export function partnerReportCsv(report: PartnerReport): string {
  const rows = report.partners.flatMap((partner) => perCurrency(partner.figures, report.currencies, partner));
  return toCsv(
    [
      { header: m.server_csv_partner(), value: ({ row }) => row.name },
      { header: m.server_csv_tier(), value: ({ row }) => TIERS[row.tier]() },
      { header: m.server_csv_rcl_share_percent(), value: ({ row }) => row.sharePercent },
      ...figureColumns<PartnerReportRow>(),
    ],
    rows,
  );
}

/** The registrations file's columns, for `csvStreamResponse`. */
export function registrationColumns(): CsvColumn<RegistrationExportRow>[] {
  return [
    { header: m.server_csv_reference(), value: (row) => row.reference },
    { header: m.server_csv_event(), value: (row) => row.eventTitle },
    { header: m.server_csv_event_date(), value: (row) => csvDateTime(row.eventStartsAt) },
    { header: m.server_csv_partner(), value: (row) => row.partnerName },
    { header: m.server_csv_status(), value: (row) => REGISTRATION_STATUS_LABELS[row.status] },
    { header: m.server_csv_team(), value: (row) => row.teamName },
    { header: m.server_csv_company(), value: (row) => row.company },
    { header: m.server_csv_captain_name(), value: (row) => row.captainName },
    { header: m.server_csv_captain_email(), value: (row) => row.captainEmail },
    { header: m.server_csv_booked_at(), value: (row) => csvDateTime(row.bookedAt) },
    { header: m.server_csv_cancelled_at(), value: (row) => csvDateTime(row.cancelledAt) },
    { header: m.server_csv_price(), value: (row) => csvAmount(row.priceMinor) },
    { header: m.server_csv_currency(), value: (row) => row.currency },
    { header: m.server_csv_billing_company(), value: (row) => row.billingCompany },
    { header: m.server_csv_cvr(), value: (row) => row.cvr },
    { header: m.server_csv_ean(), value: (row) => row.ean },
    { header: m.server_csv_po_reference(), value: (row) => row.poReference },
    { header: m.server_csv_billing_email(), value: (row) => row.billingEmail },
  ];
}
