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
 * Excel as Danish offices run it: semicolons between cells (Excel's list separator in a
 * Danish locale, where the comma is the decimal mark) and CRLF line ends.
 */
const EXCEL_DANISH = { delimiter: ";", record_delimiter: "windows" } as const;

function records<Row>(columns: CsvColumn<Row>[], rows: Iterable<Row>): (string | number)[][] {
  const lines: (string | number)[][] = [];
  for (const row of rows) lines.push(columns.map((column) => neutralise(column.value(row))));
  return lines;
}

/** The file's first bytes: the byte-order mark (so Excel reads æ, ø and å as UTF-8) and the headings. */
function csvHead<Row>(columns: CsvColumn<Row>[], rows: Iterable<Row> = []): string {
  return stringify(records(columns, rows), {
    ...EXCEL_DANISH,
    bom: true,
    header: true,
    columns: columns.map((column) => column.header),
  });
}

/**
 * A CSV document that opens correctly in Excel as Danish offices run it: UTF-8 with a
 * byte-order mark, semicolons between cells and CRLF line ends.
 */
export function toCsv<Row>(columns: CsvColumn<Row>[], rows: Iterable<Row>): string {
  return csvHead(columns, rows);
}

/** An amount in minor units as Excel in Danish reads a number: 2500,50. */
export const csvAmount = (minor: number): string => (minor / 100).toFixed(2).replace(".", ",");

const HOUR_MS = 3_600_000;
/** Copenhagen's offset from UTC in ms, by UTC hour: it changes only on the hour (01:00 UTC). */
const offsetByHour = new Map<number, number>();

function copenhagenOffset(instant: Date): number {
  const hour = Math.floor(instant.getTime() / HOUR_MS);
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    const start = new Date(hour * HOUR_MS);
    offset = Date.parse(`${copenhagenInputValue(start)}Z`) - start.getTime();
    // A bound, not a cache policy: years of hours are a few hundred thousand entries.
    if (offsetByHour.size >= 200_000) offsetByHour.clear();
    offsetByHour.set(hour, offset);
  }
  return offset;
}

const two = (value: number) => String(value).padStart(2, "0");

/**
 * A moment as Excel reads a date and time in any locale: "2027-06-15 09:00", Copenhagen
 * time. The zone's offset is looked up once per hour, not per cell: an export writes two
 * or three of these a row, and `Intl`'s formatter cost more than the rest of the row.
 */
export function csvDateTime(value: Date | null): string {
  if (!value) return "";
  const local = new Date(value.getTime() + copenhagenOffset(value));
  return (
    `${local.getUTCFullYear()}-${two(local.getUTCMonth() + 1)}-${two(local.getUTCDate())} ` +
    `${two(local.getUTCHours())}:${two(local.getUTCMinutes())}`
  );
}

const CSV_HEADERS = (filename: string) => ({
  "Content-Type": "text/csv; charset=utf-8",
  "Content-Disposition": `attachment; filename="${filename}"`,
  "Cache-Control": "private, no-store",
});

/** A CSV download named `filename` (letters, digits, dashes and dots only). */
export function csvResponse(filename: string, csv: string): Response {
  return new Response(csv, { headers: CSV_HEADERS(filename) });
}

/**
 * A CSV download written while its rows are read: the headings at once, then each page
 * `pages` yields (keyset pages from the database, `keysetPages`) as soon as it is read,
 * the next page only when the client has taken the one before. A file of 100,000
 * registrations never sits in memory whole, and its first bytes leave before its last
 * row is read. The format is `toCsv`'s. A read that fails mid-file ends the download
 * with an error, so the browser reports a failed download rather than a short file.
 */
export function csvStreamResponse<Row>(
  filename: string,
  columns: CsvColumn<Row>[],
  pages: AsyncIterable<Row[]>,
): Response {
  const encoder = new TextEncoder();
  const iterator = pages[Symbol.asyncIterator]();
  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(csvHead(columns)));
      },
      async pull(controller) {
        const next = await iterator.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(stringify(records(columns, next.value), EXCEL_DANISH)));
      },
      async cancel() {
        await iterator.return?.();
      },
    },
    // One page waits in the stream at most: the next is read when the client has taken it.
    { highWaterMark: 1 },
  );
  return new Response(body, { headers: CSV_HEADERS(filename) });
}
