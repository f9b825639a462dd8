import { stringify } from "csv-stringify/sync";
import { copenhagenInputValue } from "~/lib/dates";

/** One column of a CSV file: its heading and how a row fills it. */
export type CsvColumn<Row> = {
  header: string;
  value: (row: Row) => string | number | null | undefined;
};

/**
 * A cell that begins with one of these is read by Excel (and LibreOffice, Google Sheets)
 * as a formula, so a team called `=HYPERLINK(…)` would run. Such text gets a leading
 * apostrophe, which the spreadsheet shows as plain text (OWASP's "CSV injection" advice).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A negative amount as `csvAmount` writes it (-2500,50): a number, nothing to run. */
const NEGATIVE_AMOUNT = /^-\d+(?:,\d+)?$/;

function neutralise(value: string | number | null | undefined): string | number {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return value;
  return FORMULA_START.test(value) && !NEGATIVE_AMOUNT.test(value) ? `'${value}` : value;
}

/**
 * A CSV document that opens correctly in Excel as Danish offices run it: UTF-8 with a
 * byte-order mark (so æ, ø and å survive), semicolons between cells (Excel's list
 * separator in a Danish locale, where the comma is the decimal mark) and CRLF line ends.
 */
export function toCsv<Row>(columns: CsvColumn<Row>[], rows: Iterable<Row>): string {
  const records: (string | number)[][] = [];
  for (const row of rows) records.push(columns.map((column) => neutralise(column.value(row))));
  return stringify(records, {
    bom: true,
    delimiter: ";",
    record_delimiter: "windows",
    header: true,
    columns: columns.map((column) => column.header),
  });
}

/** An amount in minor units as Excel in Danish reads a number: 2500,50. */
export const csvAmount = (minor: number): string => (minor / 100).toFixed(2).replace(".", ",");

/** A moment as Excel reads a date and time in any locale: "2027-06-15 09:00", Copenhagen time. */
export const csvDateTime = (value: Date | null): string =>
  value ? copenhagenInputValue(value).replace("T", " ") : "";

/** A CSV download named `filename` (letters, digits, dashes and dots only). */
export function csvResponse(filename: string, csv: string): Response {
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
