/**
 * Reading a CSV file someone uploads (a bank statement): the counterpart of `toCsv`, with
 * csv-parse from the same family as the csv-stringify the exports use (ADR 014).
 */
import { CsvError, parse } from "csv-parse/sync";

/** Where a record could not be read: its line in the file, counted from 1. */
export class CsvSyntaxError extends Error {
  constructor(readonly line: number) {
    super(`Unclosed quote in the record starting on line ${line}.`);
  }
}

/**
 * The separator of a file whose first record is a header: a semicolon (Danish banks,
 * Excel in a Danish locale), a comma or a tab, whichever the header holds most of outside
 * quotes. Null when it holds none of them: one column is not a statement.
 */
export function sniffDelimiter(text: string): string | null {
  const end = text.search(/\r?\n/);
  const header = (end === -1 ? text : text.slice(0, end)).replace(/"[^"]*"/g, "");
  const counts = [";", ",", "\t"].map(
    (delimiter) => [delimiter, header.split(delimiter).length - 1] as const,
  );
  const [best] = counts.toSorted((a, b) => b[1] - a[1]);
  return best && best[1] > 0 ? best[0] : null;
}

/** One record: its cells and the line of the file it starts on. */
export type CsvRecord = { line: number; cells: string[] };

const lineBreaks = (cells: string[]) =>
  cells.reduce((count, cell) => count + (cell.match(/\n/g)?.length ?? 0), 0);

/**
 * The records of `text`, split on `delimiter`: a quoted cell may hold the delimiter, line
 * breaks (read as "\n") and doubled quotes; a quote inside an unquoted cell is kept as
 * text, as banks write them in transfer texts; blank lines are skipped; a byte-order mark
 * is dropped.
 */
export function readCsv(text: string, delimiter: string): CsvRecord[] {
  try {
    // One kind of line break, so csv-parse counts the lines as an editor shows them. Its
    // count is the line a record ends on; a quoted cell over several lines moves the
    // record's start back by the breaks it holds.
    const records: CsvRecord[] = [];
    parse(text.replace(/\r\n?/g, "\n"), {
      delimiter,
      bom: true,
      relax_quotes: true,
      relax_column_count: true,
      skip_empty_lines: true,
      on_record: (cells: string[], { lines }) => {
        records.push({ line: lines - lineBreaks(cells), cells });
        return null;
      },
    });
    return records;
  } catch (error) {
    if (error instanceof CsvError && error.code === "CSV_QUOTE_NOT_CLOSED") {
      throw new CsvSyntaxError(startLineOfOpenQuote(text, delimiter));
    }
    throw error;
  }
}

/**
 * The line of the record whose quote is never closed: csv-parse reports the end of the
 * file, where it gave up. Every start of the file up to that record reads, and every
 * longer one fails, so the line is found by halving.
 */
function startLineOfOpenQuote(text: string, delimiter: string): number {
  const lines = text.split(/\r\n|\r|\n/);
  const reads = (count: number) => {
    try {
      parse(lines.slice(0, count).join("\n"), {
        delimiter,
        bom: true,
        relax_quotes: true,
        relax_column_count: true,
      });
      return true;
    } catch {
      return false;
    }
  };
  // The first `low` lines read; the first `high` do not.
  let low = 0;
  let high = lines.length;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (reads(middle)) low = middle;
    else high = middle;
  }
  return high;
}
