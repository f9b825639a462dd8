import { REGISTRATION_STATUS_LABELS } from "~/lib/registration-status";
import { csvAmount, csvDateTime, toCsv, type CsvColumn } from "#server/csv/csv-file";
import type { CurrencyFigures, Figures } from "./event-figures";
import type { MonthlyReport } from "./monthly-report";
import type { PartnerReport, PartnerReportRow } from "./partner-report";
import type { RegistrationExportRow } from "./registrations-export";

/**
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
    { header: "Currency", value: ({ line }) => line.currency },
    { header: "Events held", value: ({ line }) => line.eventsHeld },
    { header: "Events cancelled", value: ({ line }) => line.eventsCancelled },
    { header: "Teams confirmed", value: ({ line }) => line.teamsConfirmed },
    { header: "Cancellations", value: ({ line }) => line.cancellations },
    { header: "Revenue", value: ({ line }) => csvAmount(line.revenueMinor) },
    { header: "RCL share", value: ({ line }) => csvAmount(line.shareMinor) },
  ];
}

export function monthlyReportCsv(report: MonthlyReport): string {
  const rows = report.months.flatMap((month) => perCurrency(month.figures, report.currencies, month.month));
  return toCsv([{ header: "Month", value: ({ row }) => row }, ...figureColumns<string>()], rows);
}

const TIERS = { basic: "Basic", premium: "Premium" } as const;

export function partnerReportCsv(report: PartnerReport): string {
  const rows = report.partners.flatMap((partner) => perCurrency(partner.figures, report.currencies, partner));
  return toCsv(
    [
      { header: "Partner", value: ({ row }) => row.name },
      { header: "Tier", value: ({ row }) => TIERS[row.tier] },
      { header: "RCL share %", value: ({ row }) => row.sharePercent },
      ...figureColumns<PartnerReportRow>(),
    ],
    rows,
  );
}

export function registrationsCsv(rows: RegistrationExportRow[]): string {
  return toCsv<RegistrationExportRow>(
    [
      { header: "Reference", value: (row) => row.reference },
      { header: "Event", value: (row) => row.eventTitle },
      { header: "Event date", value: (row) => csvDateTime(row.eventStartsAt) },
      { header: "Partner", value: (row) => row.partnerName },
      { header: "Status", value: (row) => REGISTRATION_STATUS_LABELS[row.status] },
      { header: "Team", value: (row) => row.teamName },
      { header: "Company", value: (row) => row.company },
      { header: "Captain name", value: (row) => row.captainName },
      { header: "Captain email", value: (row) => row.captainEmail },
      { header: "Booked at", value: (row) => csvDateTime(row.bookedAt) },
      { header: "Cancelled at", value: (row) => csvDateTime(row.cancelledAt) },
      { header: "Price", value: (row) => csvAmount(row.priceMinor) },
      { header: "Currency", value: (row) => row.currency },
      { header: "Billing company", value: (row) => row.billingCompany },
      { header: "CVR", value: (row) => row.cvr },
      { header: "EAN", value: (row) => row.ean },
      { header: "PO reference", value: (row) => row.poReference },
      { header: "Billing email", value: (row) => row.billingEmail },
    ],
    rows,
  );
}
